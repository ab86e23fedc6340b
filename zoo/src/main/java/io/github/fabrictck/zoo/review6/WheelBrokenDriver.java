package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review6-cs-wheel-broken}: as review6-cs-wheel, with the pre-fix equal confirm timeouts (CVE-2023-52775): must FAIL CS-1. */
public final class WheelBrokenDriver extends ZooDriver {

    public WheelBrokenDriver() {
        super("review6-cs-wheel-broken", connectionSetup((context, x) -> new WheelSetup(context, x, Smc.T_S_MS)));
    }
}
