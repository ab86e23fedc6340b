package io.github.fabrictck.sample;

import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;

/**
 * The compliant completion handler: drain both queues, re-arm both asking for missed events, and
 * drain again while either answers that completions may be waiting (the Linux {@code ib_cq} way).
 */
class SampleEndpoint extends Endpoint {

    SampleEndpoint(QueuePair queuePair) {
        super(queuePair);
    }

    @Override
    protected void handle(CompletionQueue queue) {
        int missed;
        do {
            drain(sendQueue);
            drain(receiveQueue);
            missed = sendQueue.requestNotify(true);
            missed += receiveQueue.requestNotify(true);
        } while (missed > 0);
    }
}
