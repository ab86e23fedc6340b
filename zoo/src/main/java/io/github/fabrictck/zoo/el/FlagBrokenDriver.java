package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-flag-broken}: as {@code zoo-el-flag}, but the loop looks at its queue first and sets {@code sleeping} only then: a task added between the look and the volatile write writes nothing and waits while the loop sleeps. Must FAIL EL-2. */
public final class FlagBrokenDriver extends ZooDriver {

    public FlagBrokenDriver() {
        super("zoo-el-flag-broken", eventLoop((context, ring) -> new FlagEventLoop(context, ring, true, false)));
    }
}
