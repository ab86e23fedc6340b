package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-idle-set-broken}: as zoo-el-idle-set, but the loop looks at its queue first and enters the idle set only then: a task added between the two writes nothing. Must FAIL EL-2. */
public final class IdleSetBrokenDriver extends ZooDriver {

    public IdleSetBrokenDriver() {
        super("zoo-el-idle-set-broken", eventLoop((context, ring) -> new IdleSetEventLoop(context, ring, true)));
    }
}
