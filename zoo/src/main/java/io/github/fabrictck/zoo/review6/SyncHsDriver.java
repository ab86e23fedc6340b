package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review6-hs-sync}: kfilnd exchange, every method synchronized, transmits and deliveries inside the monitor; one hello timer per peer. */
public final class SyncHsDriver extends ZooDriver {

    public SyncHsDriver() {
        super("review6-hs-sync", handshake((context, x) -> new ExecutorHandshake(context, x, false, true)));
    }
}
