package io.github.fabrictck.it;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;

/** Driver {@code it-spin}: its completion handler spins until its thread is interrupted. */
public final class SpinDriver extends HostileDriver {

    public SpinDriver() {
        super("it-spin");
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        return new HostileEndpoint(queuePair) {
            @Override
            public void onCompletionEvent(CompletionQueue queue) {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.onSpinWait();
                }
            }
        };
    }
}
