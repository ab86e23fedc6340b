package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review-cq-scheduler}: the handler hands each event to the context's scheduler ({@link io.github.fabrictck.spi.DriverContext#scheduler()}); waiter waits on a CompletableFuture. */
public final class SchedulerDriver extends ZooDriver {

    public SchedulerDriver() {
        super("review-cq-scheduler", completionQueue((context, queuePair) -> new ExecutorEndpoint(context, queuePair, true, true)));
    }
}
