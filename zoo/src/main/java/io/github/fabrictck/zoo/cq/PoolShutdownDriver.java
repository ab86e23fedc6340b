package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-pool-shutdown}: the handler hands each event to Executors.newFixedThreadPool(2) (the JDK's default thread factory); close() is shutdownNow, ack the unrun tasks' events, awaitTermination. */
public final class PoolShutdownDriver extends ZooDriver {

    public PoolShutdownDriver() {
        super("zoo-cq-pool-shutdown", completionQueue((context, qp) -> new PoolShutdownEndpoint(qp, true)));
    }
}
