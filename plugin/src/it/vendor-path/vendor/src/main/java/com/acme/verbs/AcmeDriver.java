package com.acme.verbs;

import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.EnumSet;
import java.util.Set;

/** A vendor's driver of the completion-queue family alone, outside the kit's build. */
public final class AcmeDriver implements Driver {

    @Override
    public String name() {
        return "acme";
    }

    @Override
    public String version() {
        return "1.0";
    }

    @Override
    public Set<Family> families() {
        return EnumSet.of(Family.COMPLETION_QUEUE);
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        return new AcmeEndpoint(queuePair);
    }
}
