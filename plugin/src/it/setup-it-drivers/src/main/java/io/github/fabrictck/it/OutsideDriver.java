package io.github.fabrictck.it;

import com.acme.core.Lockstep;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;

/**
 * Driver {@code it-outside}: the deadlock of {@link DeadlockDriver}, but in {@code com.acme.core}, a
 * package the IT leaves out of {@code instrumentPackages}: the kit must name the package to add.
 */
public final class OutsideDriver extends HostileDriver {

    public OutsideDriver() {
        super("it-outside");
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        Lockstep lockstep = new Lockstep();
        context.threadFactory().newThread(lockstep::backwards).start();
        return new HostileEndpoint(queuePair) {
            @Override
            public void onCompletionEvent(CompletionQueue queue) {
                lockstep.forwards();
            }
        };
    }
}
