package io.github.fabrictck.it;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;

/** Driver {@code it-halt}: {@code openCompletionQueue} calls {@code Runtime.getRuntime().halt(7)}. */
public final class HaltDriver extends HostileDriver {

    public HaltDriver() {
        super("it-halt");
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        Runtime.getRuntime().halt(7);
        throw new AssertionError("Runtime.halt(7) returned");
    }
}
