package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-write-first-broken}: as {@code zoo-el-locked}, but the waker wakes the loop in one critical section and adds its task in a second: the loop can wake, find nothing and sleep again before the task is added. Must FAIL EL-2. */
public final class WriteFirstBrokenDriver extends ZooDriver {

    public WriteFirstBrokenDriver() {
        super("zoo-el-write-first-broken", eventLoop((context, ring) -> new LockedEventLoop(context, ring, true)));
    }
}
