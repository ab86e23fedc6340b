package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-busy-poll-tasks-broken}: {@code zoo-el-busy-poll} whose loop looks at its task queue only in a turn whose poll found a completion, and none ever comes: a task waits for ever while the loop keeps polling. Must FAIL EL-2 (judged by the points it keeps passing, not by a clock). */
public final class BusyPollTasksBrokenDriver extends ZooDriver {

    public BusyPollTasksBrokenDriver() {
        super("zoo-el-busy-poll-tasks-broken", eventLoop((context, ring) -> new BusyPollEventLoop(context, ring, true, true)));
    }
}
