package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-hs-strand-broken}: as zoo-hs-strand, but every message queued behind the handshake arms a hello timer of
 * its own, so two sends time out together and put two hellos in flight (LU-17838); must FAIL HS-3.
 */
public final class StrandBrokenDriver extends ZooDriver {

    public StrandBrokenDriver() {
        super("zoo-hs-strand-broken", handshake((context, fabric) -> new StrandHandshake(context, fabric, true)));
    }
}
