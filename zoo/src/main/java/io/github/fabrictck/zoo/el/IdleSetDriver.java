package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-idle-set}: a loop about to sleep puts itself into its group's ConcurrentHashMap.newKeySet() before its last look at its queue; a waker that takes it out (remove returns true for one caller) writes. Must PASS. */
public final class IdleSetDriver extends ZooDriver {

    public IdleSetDriver() {
        super("zoo-el-idle-set", eventLoop((context, ring) -> new IdleSetEventLoop(context, ring, false)));
    }
}
