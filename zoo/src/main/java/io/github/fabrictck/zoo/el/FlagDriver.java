package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-flag}: no atomic and no lock on the way to sleep: a {@code volatile boolean sleeping} set before the look at a {@code ConcurrentLinkedQueue}; the waker adds, then writes if it reads the flag set. Must PASS. */
public final class FlagDriver extends ZooDriver {

    public FlagDriver() {
        super("zoo-el-flag", eventLoop((context, ring) -> new FlagEventLoop(context, ring, false, false)));
    }
}
