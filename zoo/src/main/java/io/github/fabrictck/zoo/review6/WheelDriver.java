package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review6-cs-wheel}: SMC-R setup whose deadlines are checked by a periodic timer-wheel tick started with the setup; client confirm 2 T_S. */
public final class WheelDriver extends ZooDriver {

    public WheelDriver() {
        super("review6-cs-wheel", connectionSetup((context, x) -> new WheelSetup(context, x, 2 * Smc.T_S_MS)));
    }
}
