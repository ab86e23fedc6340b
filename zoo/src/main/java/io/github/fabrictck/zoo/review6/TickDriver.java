package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review6-hs-tick}: kfilnd exchange, hello timeouts checked by one periodic housekeeping tick started at open; ReentrantLock. */
public final class TickDriver extends ZooDriver {

    public TickDriver() {
        super("review6-hs-tick", handshake((context, x) -> new TickHandshake(context, x, false)));
    }
}
