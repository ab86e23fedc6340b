package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-spin-then-arm-broken}: as {@code zoo-cq-spin-then-arm}, without the poll after the arm: a completion
 * that lands between the spin's last empty poll and the arm is never announced. Must FAIL CQ-1.
 */
public final class SpinThenArmBrokenDriver extends ZooDriver {

    public SpinThenArmBrokenDriver() {
        super("zoo-cq-spin-then-arm-broken",
                completionQueue((context, queuePair) -> new SpinThenArmEndpoint(queuePair, false)));
    }
}
