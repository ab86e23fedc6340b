package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-hs-replay}: per-peer sessions under their own monitors; data that arrives before the hello response is
 * parked, and the response hands it to a replay worker (a single-thread executor from the context's factory) in the
 * same step that opens the session.
 */
public final class ReplayDriver extends ZooDriver {

    public ReplayDriver() {
        super("zoo-hs-replay", handshake((context, fabric) -> new ReplayHandshake(context, fabric, false)));
    }
}
