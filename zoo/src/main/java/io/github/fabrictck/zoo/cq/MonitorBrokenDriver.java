package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-monitor-broken}: the monitor design whose close() destroys the queue pair without waiting for a running handler; must FAIL CQ-4. */
public final class MonitorBrokenDriver extends ZooDriver {

    public MonitorBrokenDriver() {
        super("zoo-cq-monitor-broken", completionQueue((context, queuePair) -> new UnquiescedMonitorEndpoint(queuePair)));
    }
}
