package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.Ring;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Netty {@code NioEventLoop}-style {@code wakenUp} (an unseen vendor's design), written with a VarHandle over a plain
 * {@code boolean} instead of an AtomicBoolean (no allocation per loop, as a vendor tuning for many loops would):
 * {@code wakenUp == false} means "the next waker writes the eventfd"; the loop clears it with {@code setVolatile}, a
 * waker that wins {@code compareAndSet(false, true)} writes. With {@code lookFirst} ({@code zoo-el-varhandle-broken})
 * the only step between the look at the queue and the announcement is the VarHandle store.
 */
final class VarHandleEventLoop extends AnnouncingEventLoop {

    private static final VarHandle WAKEN_UP;

    static {
        try {
            WAKEN_UP = MethodHandles.lookup().findVarHandle(VarHandleEventLoop.class, "wakenUp", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Only through {@link #WAKEN_UP}. */
    @SuppressWarnings("unused")
    private boolean wakenUp = true;

    VarHandleEventLoop(DriverContext context, Ring ring, boolean lookFirst) {
        super(ring, lookFirst);
        start(context);
    }

    @Override
    void announce() {
        WAKEN_UP.setVolatile(this, false);
    }

    @Override
    boolean claim() {
        return WAKEN_UP.compareAndSet(this, false, true);
    }

    @Override
    void retract() {
        // a waker that won set it; the loop's next announcement clears it again
    }
}
