package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-token}: the sleep announcement is a wake token (AtomicBoolean) that the one waker who picks it up writes for; the loop, finding work, picks it up itself or owes the winner's READ and waits for it before it sleeps or closes. Must PASS (EL-3/shutdown-wakeup: the loop waits for the shutdown's held write before it closes). */
public final class TokenDriver extends ZooDriver {

    public TokenDriver() {
        super("zoo-el-token", eventLoop((context, ring) -> new TokenEventLoop(context, ring, false)));
    }
}
