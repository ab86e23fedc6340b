package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-arm-repoll}: the handler polls both queues, re-arms both, polls both again, then publishes the batch. */
public final class ArmRepollDriver extends ZooDriver {

    public ArmRepollDriver() {
        super("zoo-cq-arm-repoll", completionQueue((context, queuePair) -> new ArmRepollEndpoint(queuePair)));
    }
}
