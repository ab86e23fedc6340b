package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review-cq-locked-tick}: the handler holds the monitor across ack, drain, arm, drain; the waiter never polls and wakes every 10 ms. */
public final class LockedTickDriver extends ZooDriver {

    public LockedTickDriver() {
        super("review-cq-locked-tick", completionQueue((context, queuePair) -> new LockedTickEndpoint(queuePair, true)));
    }
}
