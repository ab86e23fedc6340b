package io.github.fabrictck.sample;

import io.github.fabrictck.spi.cq.QueuePair;

/**
 * {@code broken-cq-4}: RDS before {@code i_cq_quiesce}. The handler is the compliant one, but
 * close() destroys the queue pair at once, while a completion handler may still be running; the
 * handler then goes on touching freed queues.
 */
final class UnquiescedCloseEndpoint extends SampleEndpoint {

    UnquiescedCloseEndpoint(QueuePair queuePair) {
        super(queuePair);
    }

    @Override
    public void close() {
        queuePair.destroy();
    }
}
