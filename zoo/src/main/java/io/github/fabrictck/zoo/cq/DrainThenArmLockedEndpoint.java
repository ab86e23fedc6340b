package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;

/**
 * The locked-handler endpoint that drains, then re-arms, and does not poll again: the lock keeps
 * the waiter from polling in between, but not the device, so a completion that lands between the
 * last poll and the arm raises no event, and a waiter already asleep never hears of it.
 */
final class DrainThenArmLockedEndpoint extends LockedHandlerEndpoint {

    DrainThenArmLockedEndpoint(QueuePair queuePair) {
        super(queuePair);
    }

    @Override
    protected void service(CompletionQueue cq) {
        drain(cq);
        cq.requestNotify(false);
    }
}
