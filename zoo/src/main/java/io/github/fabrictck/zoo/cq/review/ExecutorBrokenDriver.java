package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review-cq-executor-broken}: the executor design whose task drains, then arms, without polling again; must FAIL CQ-1. */
public final class ExecutorBrokenDriver extends ZooDriver {

    public ExecutorBrokenDriver() {
        super("review-cq-executor-broken", completionQueue((context, queuePair) -> new ExecutorEndpoint(context, queuePair, false)));
    }
}
