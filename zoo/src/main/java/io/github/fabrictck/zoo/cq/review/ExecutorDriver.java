package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review-cq-executor}: the handler submits to a single-thread executor of the context; waiter waits on a CompletableFuture. */
public final class ExecutorDriver extends ZooDriver {

    public ExecutorDriver() {
        super("review-cq-executor", completionQueue((context, queuePair) -> new ExecutorEndpoint(context, queuePair, true)));
    }
}
