package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review-cq-uncounted-both-broken}: counted-both-broken with no statistics (the control): must FAIL CQ-3. */
public final class UncountedBothBrokenDriver extends ZooDriver {

    public UncountedBothBrokenDriver() {
        super("review-cq-uncounted-both-broken", completionQueue((context, queuePair) -> new CountedEndpoint(queuePair, false, true, 0)));
    }
}
