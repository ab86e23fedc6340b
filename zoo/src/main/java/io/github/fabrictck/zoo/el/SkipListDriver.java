package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-skiplist} (an unseen vendor's design): tasks in a {@code ConcurrentSkipListMap} keyed by an {@code AtomicLong} sequence, a {@code volatile boolean sleeping} set before the look at the map; the waker puts its task, then reads the flag. Must PASS. */
public final class SkipListDriver extends ZooDriver {

    public SkipListDriver() {
        super("zoo-el-skiplist", eventLoop((context, ring) -> new SkipListEventLoop(context, ring, false)));
    }
}
