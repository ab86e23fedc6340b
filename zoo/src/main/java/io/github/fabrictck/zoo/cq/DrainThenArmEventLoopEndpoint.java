package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;

/**
 * The event-loop endpoint in the BeeGFS order on its loop thread: it polls the queue until empty,
 * then re-arms it, and does not poll again, so a completion that lands between the last poll and
 * the arm raises no event and is never taken.
 */
final class DrainThenArmEventLoopEndpoint extends EventLoopEndpoint {

    DrainThenArmEventLoopEndpoint(DriverContext context, QueuePair queuePair) {
        super(context, queuePair);
    }

    @Override
    protected void service(CompletionQueue cq) {
        drain(cq);
        cq.requestNotify(false);
    }
}
