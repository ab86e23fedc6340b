package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-monitor-broken}: as {@code zoo-el-monitor}, but the loop decides to sleep in one critical section and announces it in a second: a task added between the two writes nothing and waits while the loop sleeps. Must FAIL EL-2. */
public final class MonitorBrokenDriver extends ZooDriver {

    public MonitorBrokenDriver() {
        super("zoo-el-monitor-broken", eventLoop((context, ring) -> new MonitorEventLoop(context, ring, true)));
    }
}
