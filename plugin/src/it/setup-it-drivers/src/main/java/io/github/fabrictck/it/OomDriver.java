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
 */
public final class OomDriver extends HostileDriver {

    public OomDriver() {
        super("it-oom");
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        return new HostileEndpoint(queuePair) {
            @Override
            public void onCompletionEvent(CompletionQueue queue) {
                List<long[]> hoard = new ArrayList<>();
                while (true) {
                    hoard.add(new long[512 * 1024]);
                }
            }
        };
    }
}
