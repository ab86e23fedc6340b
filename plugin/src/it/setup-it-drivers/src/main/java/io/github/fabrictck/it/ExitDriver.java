package io.github.fabrictck.it;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;

/** Driver {@code it-exit}: its completion handler calls {@code System.exit(3)}. */
public final class ExitDriver extends HostileDriver {

    public ExitDriver() {
        super("it-exit");
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        return new HostileEndpoint(queuePair) {
            @Override
            public void onCompletionEvent(CompletionQueue queue) {
                System.exit(3);
            }
        };
    }
}
