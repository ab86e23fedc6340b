package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-missed-events}: the handler drains, re-arms with requestNotify(true), and drains again while it answers more than 0. */
public final class MissedEventsDriver extends ZooDriver {

    public MissedEventsDriver() {
        super("zoo-cq-missed-events", completionQueue((context, queuePair) -> new MissedEventsEndpoint(queuePair)));
    }
}
