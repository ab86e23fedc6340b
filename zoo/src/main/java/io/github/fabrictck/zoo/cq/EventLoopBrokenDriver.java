package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-event-loop-broken}: the event loop polls until empty, then re-arms, with no poll after the arm; must FAIL CQ-1. */
public final class EventLoopBrokenDriver extends ZooDriver {

    public EventLoopBrokenDriver() {
        super("zoo-cq-event-loop-broken", completionQueue(DrainThenArmEventLoopEndpoint::new));
    }
}
