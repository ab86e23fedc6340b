package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-hs-synchronized-broken}: as zoo-hs-synchronized, but data from a peer whose hello has not completed is dropped (LU-17839). */
public final class SynchronizedBrokenDriver extends ZooDriver {

    public SynchronizedBrokenDriver() {
        super("zoo-hs-synchronized-broken", handshake((context, fabric) -> new SynchronizedEndpoint(context, fabric, false)));
    }
}
