package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-flag-read-first-broken}: {@code zoo-el-flag}'s loop, but {@code execute} reads {@code sleeping} before it adds its task (an unseen vendor's waker, which then counted its task): found awake, it writes nothing, while the loop announces, finds the queue still empty and sleeps. Must FAIL EL-2 (waker-held, called while the loop ran a task). */
public final class FlagReadFirstBrokenDriver extends ZooDriver {

    public FlagReadFirstBrokenDriver() {
        super("zoo-el-flag-read-first-broken", eventLoop((context, ring) -> new FlagEventLoop(context, ring, false, true)));
    }
}
