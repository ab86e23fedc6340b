package io.github.fabrictck.sample;

import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;

/**
 * The compliant handler with a teardown left to the event path: {@code close()} only asks, and the
 * completion handler destroys the queue pair the next time it runs. Known-broken: when no event
 * comes after {@code close()}, nothing ever destroys the queue pair (CQ-8).
 */
class DeferredTeardownEndpoint extends SampleEndpoint {

    private volatile boolean closeRequested;

    DeferredTeardownEndpoint(QueuePair queuePair) {
        super(queuePair);
    }

    @Override
    protected void handle(CompletionQueue queue) {
        if (closeRequested) {
            queuePair.destroy();
            return;
        }
        super.handle(queue);
    }

    /** The bug: returns at once, leaving the destroy to a handler call that may never come. */
    @Override
    public void close() {
        closeRequested = true;
    }
}
