package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-deferred-wake-broken}: as {@code zoo-el-deferred-wake}, but the scheduled wakeup writes the eventfd without the loop's wake token: the wakeup the last execute before the shutdown scheduled fires after the loop closed the eventfd, and writes to it. Must FAIL EL-1. */
public final class DeferredWakeBrokenDriver extends ZooDriver {

    public DeferredWakeBrokenDriver() {
        super("zoo-el-deferred-wake-broken", eventLoop((context, ring) -> new TokenEventLoop(context, ring, false, TokenEventLoop.Waking.DEFERRED_WITHOUT_TOKEN)));
    }
}
