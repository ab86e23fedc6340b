package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-monitor}: one plain monitor over an {@code ArrayDeque}, a {@code sleeping} flag and the shutdown; the loop decides to sleep and announces it in one critical section, the waker adds and writes in one. Must PASS. */
public final class MonitorDriver extends ZooDriver {

    public MonitorDriver() {
        super("zoo-el-monitor", eventLoop((context, ring) -> new MonitorEventLoop(context, ring, false)));
    }
}
