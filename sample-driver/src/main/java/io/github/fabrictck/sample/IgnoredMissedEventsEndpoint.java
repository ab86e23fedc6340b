package io.github.fabrictck.sample;

import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;

/**
 * {@code broken-cq-2}: asks for missed events when it re-arms, then ignores the answer, so a
 * completion that arrived between its last poll and the arm waits for an event that never comes.
 * The Linux RDMA core's rule is the opposite: a positive answer means poll again.
 */
final class IgnoredMissedEventsEndpoint extends Endpoint {

    IgnoredMissedEventsEndpoint(QueuePair queuePair) {
        super(queuePair);
    }

    @Override
    protected void handle(CompletionQueue queue) {
        drain(sendQueue);
        drain(receiveQueue);
        sendQueue.requestNotify(true);
        receiveQueue.requestNotify(true);
    }
}
