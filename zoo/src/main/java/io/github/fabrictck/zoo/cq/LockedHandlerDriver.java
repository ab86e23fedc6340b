package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-locked-handler}: the handler holds the driver's ReentrantLock across poll, re-arm and poll; the waiter takes the same lock to poll. */
public final class LockedHandlerDriver extends ZooDriver {

    public LockedHandlerDriver() {
        super("zoo-cq-locked-handler", completionQueue((context, queuePair) -> new LockedHandlerEndpoint(queuePair)));
    }
}
