package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-deferred-wake}: wakeups coalesced on a 150 ms one-shot timer of the context's scheduler, which clears its "scheduled" flag, then picks up the loop's wake token and writes. Must PASS. */
public final class DeferredWakeDriver extends ZooDriver {

    public DeferredWakeDriver() {
        super("zoo-el-deferred-wake", eventLoop((context, ring) -> new TokenEventLoop(context, ring, false, TokenEventLoop.Waking.DEFERRED)));
    }
}
