package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-varhandle-broken}: as zoo-el-varhandle, but the loop looks at its queue first and clears wakenUp only then: a task added between the look and the VarHandle store writes nothing. Must FAIL EL-2. */
public final class VarHandleBrokenDriver extends ZooDriver {

    public VarHandleBrokenDriver() {
        super("zoo-el-varhandle-broken", eventLoop((context, ring) -> new VarHandleEventLoop(context, ring, true)));
    }
}
