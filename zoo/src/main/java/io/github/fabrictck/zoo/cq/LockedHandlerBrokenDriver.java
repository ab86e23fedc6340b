package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-locked-handler-broken}: the locked handler drains, then re-arms, with no poll after the arm; must FAIL CQ-1. */
public final class LockedHandlerBrokenDriver extends ZooDriver {

    public LockedHandlerBrokenDriver() {
        super("zoo-cq-locked-handler-broken", completionQueue((context, queuePair) -> new DrainThenArmLockedEndpoint(queuePair)));
    }
}
