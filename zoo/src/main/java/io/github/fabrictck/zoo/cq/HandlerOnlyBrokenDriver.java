package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-handler-only-broken}: the handler-only design whose handler drains, then re-arms, with no poll after the arm; must FAIL CQ-1. */
public final class HandlerOnlyBrokenDriver extends ZooDriver {

    public HandlerOnlyBrokenDriver() {
        super("zoo-cq-handler-only-broken", completionQueue((context, queuePair) -> new DrainThenArmHandlerOnlyEndpoint(queuePair)));
    }
}
