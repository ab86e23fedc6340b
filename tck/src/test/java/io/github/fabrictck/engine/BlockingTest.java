package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BlockingTest {

    private static long timeout(String description, Object... args) {
        return Blocking.timeoutNanos(Target.parse(description), args);
    }

    @Test
    void objectWaitWithoutOrWithZeroTimeoutBlocksForever() {
        Object lock = new Object();
        assertEquals(Blocking.FOREVER, timeout("public final void java.lang.Object.wait() throws java.lang.InterruptedException", lock));
        assertEquals(Blocking.FOREVER, timeout("public final native void java.lang.Object.wait(long)", lock, 0L));
        assertEquals(TimeUnit.MILLISECONDS.toNanos(250), timeout("public final native void java.lang.Object.wait(long)", lock, 250L));
    }

    @Test
    void staticCallsHaveNoReceiver() {
        assertEquals(TimeUnit.MILLISECONDS.toNanos(5), timeout("public static native void java.lang.Thread.sleep(long)", 5L));
        assertEquals(7L, timeout("public static void java.util.concurrent.locks.LockSupport.parkNanos(long)", 7L));
        assertEquals(Blocking.FOREVER, timeout("public static void java.util.concurrent.locks.LockSupport.park(java.lang.Object)", "blocker"));
    }

    @Test
    void timeUnitArgumentsGiveTheTimeout() {
        assertEquals(TimeUnit.SECONDS.toNanos(3), timeout(
                "public abstract boolean java.util.concurrent.locks.Condition.await(long,java.util.concurrent.TimeUnit)",
                new Object(), 3L, TimeUnit.SECONDS));
        assertEquals(Blocking.FOREVER, timeout(
                "public abstract java.lang.Object java.util.concurrent.BlockingQueue.take()", new Object()));
    }

    @Test
    void atomicsAndNonBlockingCallsDoNotBlock() {
        assertEquals(Blocking.NOT_BLOCKING, timeout(
                "public final int java.util.concurrent.atomic.AtomicInteger.get()", new Object()));
        assertEquals(Blocking.NOT_BLOCKING, timeout("public final native void java.lang.Object.notifyAll()", new Object()));
        assertEquals(Blocking.NOT_BLOCKING, timeout(
                "public abstract java.lang.Object java.util.concurrent.BlockingQueue.poll()", new Object()));
    }

    @Test
    void targetsAreParsedFromByteBuddysDescription() {
        Target t = Target.parse("public abstract int io.github.fabrictck.spi.cq.CompletionQueue.requestNotify(boolean)");
        assertEquals("io.github.fabrictck.spi.cq.CompletionQueue", t.owner());
        assertEquals("CompletionQueue.requestNotify", t.display());
        assertEquals(false, t.isStatic());
    }
}
