package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review-cq-locked-tick-broken}: the locked-tick design with no poll after the re-arm; must FAIL CQ-1. */
public final class LockedTickBrokenDriver extends ZooDriver {

    public LockedTickBrokenDriver() {
        super("review-cq-locked-tick-broken", completionQueue((context, queuePair) -> new LockedTickEndpoint(queuePair, false)));
    }
}
