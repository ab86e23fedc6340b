package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review-cq-counted-broken}: the counted design that drains, then arms, without polling again; must FAIL CQ-1. */
public final class CountedBrokenDriver extends ZooDriver {

    public CountedBrokenDriver() {
        super("review-cq-counted-broken", completionQueue((context, queuePair) -> new CountedEndpoint(queuePair, false)));
    }
}
