package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review6-hs-coinflip}: one event-loop thread; connection race broken by random nonces, ties retried after a random back-off timer. */
public final class CoinFlipDriver extends ZooDriver {

    public CoinFlipDriver() {
        super("review6-hs-coinflip", handshake((context, x) -> new CoinFlipLoop(context, x, true)));
    }
}
