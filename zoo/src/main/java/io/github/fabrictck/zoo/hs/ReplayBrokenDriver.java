package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-hs-replay-broken}: as zoo-hs-replay, but the session opens only after the replay worker delivered what
 * it took, in a second step: data that arrives in between is parked where nobody looks any more.
 */
public final class ReplayBrokenDriver extends ZooDriver {

    public ReplayBrokenDriver() {
        super("zoo-hs-replay-broken", handshake((context, fabric) -> new ReplayHandshake(context, fabric, true)));
    }
}
