package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review6-hs-coinflip-broken}: as review6-hs-coinflip, but data from a peer not up to date yet is dropped: must FAIL HS-1/HS-2. */
public final class CoinFlipBrokenDriver extends ZooDriver {

    public CoinFlipBrokenDriver() {
        super("review6-hs-coinflip-broken", handshake((context, x) -> new CoinFlipLoop(context, x, false)));
    }
}
