package io.github.fabrictck.zoo.cq.review5;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review5-timer-broken}: see {@link SchedEndpoint.Mode#TIMER}; broken: must FAIL. */
public final class TimerBrokenDriver extends ZooDriver {

    public TimerBrokenDriver() {
        super("review5-timer-broken", completionQueue((context, queuePair) -> new SchedEndpoint(context, queuePair, SchedEndpoint.Mode.TIMER, false)));
    }
}
