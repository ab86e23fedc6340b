package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review6-cs-clc}: SMC-R setup with CLC wait timers armed first (client at connect); everything synchronized, I/O inside the monitor; client confirm 2 T_S. */
public final class ClcDriver extends ZooDriver {

    public ClcDriver() {
        super("review6-cs-clc", connectionSetup((context, x) -> new ClcTimerSetup(context, x, 2 * Smc.T_S_MS)));
    }
}
