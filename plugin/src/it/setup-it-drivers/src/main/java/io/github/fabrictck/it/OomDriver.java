package io.github.fabrictck.it;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.ArrayList;
import java.util.List;

/**
 * Driver {@code it-oom}: its completion handler fills the heap with chunks of 4 MB until the JVM
 * throws {@link OutOfMemoryError} in it. The chunks are the handler's own, so the heap is free
 * again once the error has ended its thread, and the kit can go on; the big chunk is the
 * allocation that fails, so the error lands in the handler's thread, not in one of the kit's.
 * {@link Kept}, driver {@code it-oom-kept}, keeps them: the heap stays full for the kit too.
 */
public class OomDriver extends HostileDriver {

    /** What {@code it-oom-kept} keeps. */
    static final List<long[]> KEPT = new ArrayList<>();

    private final boolean keep;

    public OomDriver() {
        this("it-oom", false);
    }

    OomDriver(String name, boolean keep) {
        super(name);
        this.keep = keep;
    }

    /** Driver {@code it-oom-kept}: the handler's chunks stay reachable after its error. */
    public static final class Kept extends OomDriver {
        public Kept() {
            super("it-oom-kept", true);
        }
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        return new HostileEndpoint(queuePair) {
            @Override
            public void onCompletionEvent(CompletionQueue queue) {
                List<long[]> hoard = keep ? KEPT : new ArrayList<>();
                while (true) {
                    hoard.add(new long[512 * 1024]);
                }
            }
        };
    }
}
