package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.Ring;

/**
 * A loop with no atomics and no lock on its way to sleep, as a vendor who knows the Java memory model would write it:
 * the sleep announced by a plain {@code volatile boolean sleeping}, which a waker reads after it added its task and
 * writes the eventfd when it is set. With {@code lookFirst} ({@code zoo-el-flag-broken}) the only step between the
 * look at the queue and the announcement is the volatile write; with {@code claimFirst}
 * ({@code zoo-el-flag-read-first-broken}) the waker reads the flag before it adds its task.
 */
final class FlagEventLoop extends AnnouncingEventLoop {

    private volatile boolean sleeping;

    FlagEventLoop(DriverContext context, Ring ring, boolean lookFirst, boolean claimFirst) {
        super(ring, lookFirst, claimFirst);
        start(context);
    }

    @Override
    void announce() {
        sleeping = true;
    }

    @Override
    boolean claim() {
        return sleeping;
    }

    @Override
    void retract() {
        sleeping = false;
    }
}
