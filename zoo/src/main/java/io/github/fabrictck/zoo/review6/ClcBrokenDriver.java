package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review6-cs-clc-broken}: as review6-cs-clc, with the pre-fix equal confirm timeouts (CVE-2023-52775): must FAIL CS-1. */
public final class ClcBrokenDriver extends ZooDriver {

    public ClcBrokenDriver() {
        super("review6-cs-clc-broken", connectionSetup((context, x) -> new ClcTimerSetup(context, x, Smc.T_S_MS)));
    }
}
