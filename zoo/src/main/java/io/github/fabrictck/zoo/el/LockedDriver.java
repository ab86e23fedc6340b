package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-locked}: one ReentrantLock over the task deque, a sleeping flag and the shutdown flag; the waker adds and writes the eventfd under the lock only when the loop said it sleeps; cleanup writes its own eventfd and waits for the READ. Must PASS EL-1 (and EL-2). */
public final class LockedDriver extends ZooDriver {

    public LockedDriver() {
        super("zoo-el-locked", eventLoop((context, ring) -> new LockedEventLoop(context, ring, false)));
    }
}
