package io.github.fabrictck.adapters.disni.patched;

import io.github.fabrictck.adapters.disni.DisniControl;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.Set;

/** {@code disni-beegfs-order}: the control, DiSNI with {@link BeeGfsOrderCqProcessor} (a patch) as its CQ processor. */
public final class BeeGfsOrderDriver implements Driver {

    @Override
    public String name() {
        return "disni-beegfs-order";
    }

    @Override
    public String version() {
        return "2.1+beegfs-order-patch";
    }

    @Override
    public Set<Family> families() {
        return Set.of(Family.COMPLETION_QUEUE);
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        return DisniControl.open(queuePair, BeeGfsOrderCqProcessor::new);
    }
}
