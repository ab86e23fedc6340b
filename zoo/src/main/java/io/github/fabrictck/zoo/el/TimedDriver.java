package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-timed}: each wait arms an eventfd READ and a 50 ms TIMEOUT (tick and safety net) and submits them in the enter that waits; a three-state AtomicInteger sleep announcement; execute under a read lock, shutdown under the write lock; cleanup completes its READ itself and waits for the TIMEOUT. Must PASS EL-1 (and EL-2). */
public final class TimedDriver extends ZooDriver {

    public TimedDriver() {
        super("zoo-el-timed", eventLoop(TimedEventLoop::new));
    }
}
