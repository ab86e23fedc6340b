package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review-cq-scheduler-broken}: the scheduler design whose task drains, then arms, without polling again; must FAIL CQ-1. */
public final class SchedulerBrokenDriver extends ZooDriver {

    public SchedulerBrokenDriver() {
        super("review-cq-scheduler-broken", completionQueue((context, queuePair) -> new ExecutorEndpoint(context, queuePair, false, true)));
    }
}
