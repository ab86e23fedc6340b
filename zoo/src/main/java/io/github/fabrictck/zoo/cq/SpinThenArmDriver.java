package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-spin-then-arm}: the waiter spins 64 empty polls, then notes the event count, arms, polls once more and
 * waits on the monitor for the handler's count.
 */
public final class SpinThenArmDriver extends ZooDriver {

    public SpinThenArmDriver() {
        super("zoo-cq-spin-then-arm", completionQueue((context, queuePair) -> new SpinThenArmEndpoint(queuePair, true)));
    }
}
