package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-locksupport}: LockSupport.parkNanos/unpark with a volatile waiter field; no lock. */
public final class LockSupportDriver extends ZooDriver {

    public LockSupportDriver() {
        super("zoo-cq-locksupport", completionQueue((context, queuePair) -> new LockSupportEndpoint(queuePair)));
    }
}
