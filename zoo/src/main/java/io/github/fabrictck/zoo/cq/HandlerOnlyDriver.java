package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-handler-only}: the waiter never polls; only the handler polls, and the waiter waits for the handler's word (a CompletableFuture). */
public final class HandlerOnlyDriver extends ZooDriver {

    public HandlerOnlyDriver() {
        super("zoo-cq-handler-only", completionQueue((context, queuePair) -> new HandlerOnlyEndpoint(queuePair)));
    }
}
