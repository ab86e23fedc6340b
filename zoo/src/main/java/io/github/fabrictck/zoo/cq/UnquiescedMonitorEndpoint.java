package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.QueuePair;

/**
 * The monitor endpoint whose {@code close()} destroys the queue pair at once, while a completion
 * handler may still be running (RDS before {@code i_cq_quiesce}): the handler then acknowledges,
 * polls and re-arms freed queues.
 */
final class UnquiescedMonitorEndpoint extends MonitorEndpoint {

    UnquiescedMonitorEndpoint(QueuePair queuePair) {
        super(queuePair);
    }

    @Override
    public void close() {
        queuePair.destroy();
    }
}
