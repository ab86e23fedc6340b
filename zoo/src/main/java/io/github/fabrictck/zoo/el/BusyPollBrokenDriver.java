package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-busy-poll-broken}: {@code zoo-el-busy-poll} whose loop looks at a flag shutdownGracefully() never sets: it polls for ever. Must FAIL EL-1 (the loop never ends). */
public final class BusyPollBrokenDriver extends ZooDriver {

    public BusyPollBrokenDriver() {
        super("zoo-el-busy-poll-broken", eventLoop((context, ring) -> new BusyPollEventLoop(context, ring, false)));
    }
}
