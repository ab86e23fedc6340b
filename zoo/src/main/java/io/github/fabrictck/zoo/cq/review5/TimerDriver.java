package io.github.fabrictck.zoo.cq.review5;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review5-timer}: see {@link SchedEndpoint.Mode#TIMER}; correct: must PASS. */
public final class TimerDriver extends ZooDriver {

    public TimerDriver() {
        super("review5-timer", completionQueue((context, queuePair) -> new SchedEndpoint(context, queuePair, SchedEndpoint.Mode.TIMER, true)));
    }
}
