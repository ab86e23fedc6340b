package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review-cq-rwlock-broken}: signals in one write section, publishes in a second (rare lost wakeup); must FAIL CQ-1. */
public final class RwLockBrokenDriver extends ZooDriver {

    public RwLockBrokenDriver() {
        super("review-cq-rwlock-broken", completionQueue((context, queuePair) -> new RwLockEndpoint(queuePair, false)));
    }
}
