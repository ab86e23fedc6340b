package io.github.fabrictck.sample;

import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;

/**
 * {@code broken-cq-3}: brpc before PR #3425. The handler drains both queues, arms both, and polls
 * once more to catch completions that arrived before the arm, but only the send queue: a receive
 * completion that arrived before the receive queue was armed is stranded.
 */
final class SendOnlyRepollEndpoint extends Endpoint {

    SendOnlyRepollEndpoint(QueuePair queuePair) {
        super(queuePair);
    }

    @Override
    protected void handle(CompletionQueue queue) {
        do {
            drain(sendQueue);
            drain(receiveQueue);
            sendQueue.requestNotify(false);
            receiveQueue.requestNotify(false);
        } while (drain(sendQueue) > 0);
    }
}
