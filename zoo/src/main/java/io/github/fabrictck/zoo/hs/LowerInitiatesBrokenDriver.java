package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/** Broken twin of {@code zoo-hs-lower-initiates}: the initiator drops data that overtakes the answer to its hello request. */
public final class LowerInitiatesBrokenDriver extends ZooDriver {

    public LowerInitiatesBrokenDriver() {
        super("zoo-hs-lower-initiates-broken", handshake((context, fabric) -> new LowerInitiates(context, fabric, false)));
    }
}
