package io.github.fabrictck.zoo.cq.review5;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review5-execute-timer}: see {@link SchedEndpoint.Mode#EXECUTE_THEN_TIMER}; correct: must PASS. */
public final class ExecuteTimerDriver extends ZooDriver {

    public ExecuteTimerDriver() {
        super("review5-execute-timer", completionQueue((context, queuePair) -> new SchedEndpoint(context, queuePair, SchedEndpoint.Mode.EXECUTE_THEN_TIMER, true)));
    }
}
