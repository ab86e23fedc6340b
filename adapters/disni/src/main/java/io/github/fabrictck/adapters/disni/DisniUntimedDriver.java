package io.github.fabrictck.adapters.disni;

import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.Set;

/**
 * {@code disni-untimed}: unmodified DiSNI 2.1 as {@code disni}, with the group's {@code getCqEvent}
 * timeout -1 (wait for an event only), which DiSNI's API allows: its {@code RdmaCqProcessor.close()}
 * then joins a CQ thread nothing wakes (CQ-7).
 */
public final class DisniUntimedDriver implements Driver {

    @Override
    public String name() {
        return "disni-untimed";
    }

    @Override
    public String version() {
        return "2.1";
    }

    @Override
    public Set<Family> families() {
        return Set.of(Family.COMPLETION_QUEUE);
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        return DisniEndpoint.open(queuePair, -1);
    }
}
