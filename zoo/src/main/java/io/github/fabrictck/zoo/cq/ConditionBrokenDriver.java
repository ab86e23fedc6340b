package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-condition-broken}: the condition design whose waiter awaits without re-checking what the handler published since its empty poll (a lost signal); must FAIL CQ-1. */
public final class ConditionBrokenDriver extends ZooDriver {

    public ConditionBrokenDriver() {
        super("zoo-cq-condition-broken", completionQueue((context, queuePair) -> new UncheckedAwaitEndpoint(queuePair)));
    }
}
