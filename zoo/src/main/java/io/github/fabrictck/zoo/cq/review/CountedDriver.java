package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review-cq-counted}: per-event statistics (24 atomic counters), then ack, arm, drain; the waiter never polls. */
public final class CountedDriver extends ZooDriver {

    public CountedDriver() {
        super("review-cq-counted", completionQueue((context, queuePair) -> new CountedEndpoint(queuePair, true)));
    }
}
