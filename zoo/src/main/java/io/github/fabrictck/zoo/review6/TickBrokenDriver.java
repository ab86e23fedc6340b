package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review6-hs-tick-broken}: as review6-hs-tick, but the tick keeps a hello deadline per queued message (LU-17838): must FAIL HS-3. */
public final class TickBrokenDriver extends ZooDriver {

    public TickBrokenDriver() {
        super("review6-hs-tick-broken", handshake((context, x) -> new TickHandshake(context, x, true)));
    }
}
