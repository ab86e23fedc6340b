package io.github.fabrictck.zoo.cq.review5;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review5-execute-timer-broken}: see {@link SchedEndpoint.Mode#EXECUTE_THEN_TIMER}; broken: must FAIL. */
public final class ExecuteTimerBrokenDriver extends ZooDriver {

    public ExecuteTimerBrokenDriver() {
        super("review5-execute-timer-broken", completionQueue((context, queuePair) -> new SchedEndpoint(context, queuePair, SchedEndpoint.Mode.EXECUTE_THEN_TIMER, false)));
    }
}
