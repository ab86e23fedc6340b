package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-async-helper}: the handler hands each event to CompletableFuture.runAsync (the JDK's default pool); the task re-arms, then polls until empty. */
public final class AsyncHelperDriver extends ZooDriver {

    public AsyncHelperDriver() {
        super("zoo-cq-async-helper", completionQueue((context, qp) -> new AsyncHelperEndpoint(context, qp, true)));
    }
}
