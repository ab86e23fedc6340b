package io.github.fabrictck.zoo.cq.review5;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review5-periodic-broken}: see {@link SchedEndpoint.Mode#PERIODIC}; broken: must FAIL. */
public final class PeriodicBrokenDriver extends ZooDriver {

    public PeriodicBrokenDriver() {
        super("review5-periodic-broken", completionQueue((context, queuePair) -> new SchedEndpoint(context, queuePair, SchedEndpoint.Mode.PERIODIC, false)));
    }
}
