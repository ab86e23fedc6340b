package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-monitor}: synchronized + wait/notifyAll; the handler acks, drains, re-arms, drains again, notifies. */
public final class MonitorDriver extends ZooDriver {

    public MonitorDriver() {
        super("zoo-cq-monitor", completionQueue((context, queuePair) -> new MonitorEndpoint(queuePair)));
    }
}
