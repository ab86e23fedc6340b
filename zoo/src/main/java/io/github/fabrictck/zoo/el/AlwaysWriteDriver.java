package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-always-write}: no sleep flag: every execute writes the eventfd under a monitor that shutdownGracefully takes for its flag and last write; the READ is re-armed under it only while not shut down, so the loop waits for the one READ the shutdown's write completes before closing. Must PASS EL-1 (and EL-2). */
public final class AlwaysWriteDriver extends ZooDriver {

    public AlwaysWriteDriver() {
        super("zoo-el-always-write", eventLoop(AlwaysWriteEventLoop::new));
    }
}
