package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-pool-shutdown-broken}: as zoo-cq-pool-shutdown, but an event that arrives once close() began (or a task shutdownNow() hands back) is dropped unacknowledged. */
public final class PoolShutdownBrokenDriver extends ZooDriver {

    public PoolShutdownBrokenDriver() {
        super("zoo-cq-pool-shutdown-broken", completionQueue((context, qp) -> new PoolShutdownEndpoint(qp, false)));
    }
}
