package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review-cq-rwlock}: ReentrantReadWriteLock; the handler publishes and signals in one write section. */
public final class RwLockDriver extends ZooDriver {

    public RwLockDriver() {
        super("review-cq-rwlock", completionQueue((context, queuePair) -> new RwLockEndpoint(queuePair, true)));
    }
}
