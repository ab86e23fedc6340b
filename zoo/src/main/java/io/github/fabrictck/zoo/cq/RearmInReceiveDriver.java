package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-rearm-in-receive}: awaitSendsComplete and receive poll, arm and poll again before they sleep; the handler only acks and wakes. */
public final class RearmInReceiveDriver extends ZooDriver {

    public RearmInReceiveDriver() {
        super("zoo-cq-rearm-in-receive", completionQueue((context, queuePair) -> new RearmInReceiveEndpoint(queuePair)));
    }
}
