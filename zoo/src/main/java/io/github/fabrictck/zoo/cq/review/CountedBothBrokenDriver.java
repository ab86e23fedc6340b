package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review-cq-counted-both-broken}: per-event statistics, then drain both CQs, arm both, re-poll the send CQ only; must FAIL CQ-3. */
public final class CountedBothBrokenDriver extends ZooDriver {

    public CountedBothBrokenDriver() {
        super("review-cq-counted-both-broken", completionQueue((context, queuePair) -> new CountedEndpoint(queuePair, false, true)));
    }
}
