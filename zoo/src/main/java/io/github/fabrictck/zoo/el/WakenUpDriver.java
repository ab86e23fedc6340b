package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-wakenup}: Netty NioEventLoop style: an AtomicBoolean wakenUp cleared before the queue is looked at, the waker writes the eventfd only when its compareAndSet(false, true) wins; the READ is submitted as soon as it is queued. Must PASS EL-1 (and EL-2). */
public final class WakenUpDriver extends ZooDriver {

    public WakenUpDriver() {
        super("zoo-el-wakenup", eventLoop((context, ring) -> new WakenUpEventLoop(context, ring, true, false)));
    }
}
