package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-hs-fast-path-broken}: as {@code zoo-hs-fast-path}, but the slow path keeps the data on the strength of the
 * look taken before the lock: a hello response processed meanwhile has delivered what was kept already. Must FAIL
 * HS-2 (concurrent).
 */
public final class FastPathBrokenDriver extends ZooDriver {

    public FastPathBrokenDriver() {
        super("zoo-hs-fast-path-broken", handshake((context, fabric) -> new FastPathHandshake(context, fabric, true)));
    }
}
