package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-announce-late-broken}: as {@code zoo-el-wakenup}, but the loop looks at its queue first and clears wakenUp only then: a task (or a shutdown) added in between writes nothing and waits while the loop sleeps. Must FAIL EL-2. */
public final class AnnounceLateBrokenDriver extends ZooDriver {

    public AnnounceLateBrokenDriver() {
        super("zoo-el-announce-late-broken", eventLoop((context, ring) -> new WakenUpEventLoop(context, ring, true, true)));
    }
}
