package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-busy-poll}: a loop that never sleeps in its ring, polling completions and tasks in turn (no eventfd). EL-1 and EL-2 are NOT_APPLICABLE: it never decides to block. */
public final class BusyPollDriver extends ZooDriver {

    public BusyPollDriver() {
        super("zoo-el-busy-poll", eventLoop((context, ring) -> new BusyPollEventLoop(context, ring, true)));
    }
}
