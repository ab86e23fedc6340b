package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-token-broken}: as {@code zoo-el-token}, but told to shut down the loop closes as soon as its queue is empty, owing the write of the waker that picked the token up (the shutdown's own): that write lands on a closed eventfd. Must FAIL EL-3. */
public final class TokenBrokenDriver extends ZooDriver {

    public TokenBrokenDriver() {
        super("zoo-el-token-broken", eventLoop((context, ring) -> new TokenEventLoop(context, ring, true)));
    }
}
