package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-busy-poll}: no event relied on; the waiter and receive spin-poll their queue with Thread.onSpinWait until done or the deadline. */
public final class BusyPollDriver extends ZooDriver {

    public BusyPollDriver() {
        super("zoo-cq-busy-poll", completionQueue((context, queuePair) -> new BusyPollEndpoint(queuePair)));
    }
}
