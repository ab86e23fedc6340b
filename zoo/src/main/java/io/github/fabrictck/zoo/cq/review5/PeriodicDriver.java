package io.github.fabrictck.zoo.cq.review5;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review5-periodic}: see {@link SchedEndpoint.Mode#PERIODIC}; correct: must PASS. */
public final class PeriodicDriver extends ZooDriver {

    public PeriodicDriver() {
        super("review5-periodic", completionQueue((context, queuePair) -> new SchedEndpoint(context, queuePair, SchedEndpoint.Mode.PERIODIC, true)));
    }
}
