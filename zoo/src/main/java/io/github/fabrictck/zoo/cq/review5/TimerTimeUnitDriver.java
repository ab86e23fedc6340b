package io.github.fabrictck.zoo.cq.review5;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review5-timer-timeunit}: {@code review5-timer} whose waiters wait with {@code TimeUnit.timedWait(this, n)}; correct: must PASS. */
public final class TimerTimeUnitDriver extends ZooDriver {

    public TimerTimeUnitDriver() {
        super("review5-timer-timeunit", completionQueue((context, queuePair) -> new SchedEndpoint(context, queuePair,
                SchedEndpoint.Mode.TIMER, true, true)));
    }
}
