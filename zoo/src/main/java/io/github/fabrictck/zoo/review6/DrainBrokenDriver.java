package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review6-cs-drain-broken}: as review6-cs-drain, but only the client drains a crossing DECLINE: must FAIL CS-1. */
public final class DrainBrokenDriver extends ZooDriver {

    public DrainBrokenDriver() {
        super("review6-cs-drain-broken", connectionSetup((context, x) -> new DrainLoopSetup(context, x, false)));
    }
}
