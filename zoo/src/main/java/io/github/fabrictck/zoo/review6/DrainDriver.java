package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review6-cs-drain}: SMC-R setup, equal confirm timeouts, a crossing DECLINE drained by the side that declined; one event-loop thread. */
public final class DrainDriver extends ZooDriver {

    public DrainDriver() {
        super("review6-cs-drain", connectionSetup((context, x) -> new DrainLoopSetup(context, x, true)));
    }
}
