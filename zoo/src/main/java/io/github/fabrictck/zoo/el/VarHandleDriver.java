package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-varhandle}: a VarHandle wakenUp flag (setVolatile before the last look at a ConcurrentLinkedQueue; a waker writes if its compareAndSet wins). Must PASS. */
public final class VarHandleDriver extends ZooDriver {

    public VarHandleDriver() {
        super("zoo-el-varhandle", eventLoop((context, ring) -> new VarHandleEventLoop(context, ring, false)));
    }
}
