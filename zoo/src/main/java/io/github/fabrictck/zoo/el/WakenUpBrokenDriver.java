package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-wakenup-broken}: as {@code zoo-el-wakenup}, but the READ is only queued and submitted by the next wait (Netty io_uring 0.0.23): a shutdown after the loop cleared wakenUp makes it skip that wait and its cleanup waits for a READ never submitted. Must FAIL EL-1. */
public final class WakenUpBrokenDriver extends ZooDriver {

    public WakenUpBrokenDriver() {
        super("zoo-el-wakenup-broken", eventLoop((context, ring) -> new WakenUpEventLoop(context, ring, false, false)));
    }
}
