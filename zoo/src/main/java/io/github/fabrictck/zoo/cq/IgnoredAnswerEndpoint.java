package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;

/**
 * The missed-events endpoint that asks the device for missed events and ignores the answer: a
 * completion that lands between its last poll and the arm is reported ({@code > 0}) and then left
 * in the queue, where no event will announce it.
 */
final class IgnoredAnswerEndpoint extends MissedEventsEndpoint {

    IgnoredAnswerEndpoint(QueuePair queuePair) {
        super(queuePair);
    }

    @Override
    protected void rearm(CompletionQueue cq) {
        drain(cq);
        cq.requestNotify(true);
    }
}
