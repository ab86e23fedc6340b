package io.github.fabrictck.zoo.cq.review5;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review5-own-pool}: see {@link SchedEndpoint.Mode#OWN_POOL}; correct: must PASS. */
public final class OwnPoolDriver extends ZooDriver {

    public OwnPoolDriver() {
        super("review5-own-pool", completionQueue((context, queuePair) -> new SchedEndpoint(context, queuePair, SchedEndpoint.Mode.OWN_POOL, true)));
    }
}
