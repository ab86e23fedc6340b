package io.github.fabrictck.zoo.cq.review5;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review5-own-pool-broken}: see {@link SchedEndpoint.Mode#OWN_POOL}; broken: must FAIL. */
public final class OwnPoolBrokenDriver extends ZooDriver {

    public OwnPoolBrokenDriver() {
        super("review5-own-pool-broken", completionQueue((context, queuePair) -> new SchedEndpoint(context, queuePair, SchedEndpoint.Mode.OWN_POOL, false)));
    }
}
