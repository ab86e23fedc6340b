package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-deferred-clear-late-broken}: as {@code zoo-el-deferred-wake}, but the scheduled wakeup picks the token up first and clears its "scheduled" flag after: a task added between the two schedules no wakeup and waits while the loop sleeps. Must FAIL EL-2. */
public final class DeferredClearLateBrokenDriver extends ZooDriver {

    public DeferredClearLateBrokenDriver() {
        super("zoo-el-deferred-clear-late-broken", eventLoop((context, ring) -> new TokenEventLoop(context, ring, false, TokenEventLoop.Waking.DEFERRED_CLEARED_LATE)));
    }
}
