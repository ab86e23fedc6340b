package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-wake-flag-loop-broken}: as zoo-cq-wake-flag-loop, but the loop clears wakenUp after it found no task, just before it blocks: a task queued in between is never woken for; must FAIL CQ-1. */
public final class WakeFlagLoopBrokenDriver extends ZooDriver {

    public WakeFlagLoopBrokenDriver() {
        super("zoo-cq-wake-flag-loop-broken", completionQueue((context, qp) -> new WakeFlagLoopEndpoint(context, qp, false)));
    }
}
