package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-count} (an unseen vendor's design): an {@code AtomicInteger} of tasks not run yet; the waker whose {@code getAndIncrement()} took it from 0 writes, the loop sleeps when it reads 0 or below. Must PASS. */
public final class CountDriver extends ZooDriver {

    public CountDriver() {
        super("zoo-el-count", eventLoop((context, ring) -> new CountEventLoop(context, ring, false)));
    }
}
