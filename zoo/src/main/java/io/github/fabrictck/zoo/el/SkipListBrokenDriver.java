package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-skiplist-broken}: as {@code zoo-el-skiplist}, but the waker reads {@code sleeping} between taking its sequence number and its {@code put(key, task)}, a collection's call of two arguments: found awake, it writes nothing while the loop announces, looks and sleeps. Must FAIL EL-2 (waker-held). */
public final class SkipListBrokenDriver extends ZooDriver {

    public SkipListBrokenDriver() {
        super("zoo-el-skiplist-broken", eventLoop((context, ring) -> new SkipListEventLoop(context, ring, true)));
    }
}
