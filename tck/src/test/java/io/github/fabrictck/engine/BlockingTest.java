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
    void aPhaserWaitBlocksForeverWhicheverCallMakesIt() {
        java.util.concurrent.Phaser phaser = new java.util.concurrent.Phaser(2);
        assertEquals(Blocking.FOREVER, timeout("public int java.util.concurrent.Phaser.awaitAdvance(int)", phaser, 0));
        // arrives and waits for the others in one call (a close() that waits for its handlers to arrive)
        assertEquals(Blocking.FOREVER, timeout("public int java.util.concurrent.Phaser.arriveAndAwaitAdvance()", phaser));
        assertEquals(Blocking.NOT_BLOCKING, timeout("public int java.util.concurrent.Phaser.arrive()", phaser));
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
    void aPoolsAwaitTerminationBlocksUntilItsTimeoutAndIsReadyOnceThePoolEnded() throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
        Target await = Target.parse("public abstract boolean java.util.concurrent.ExecutorService.awaitTermination(long,"
                + "java.util.concurrent.TimeUnit) throws java.lang.InterruptedException");
        Object[] args = {pool, 10L, TimeUnit.SECONDS};
        assertEquals(TimeUnit.SECONDS.toNanos(10), Blocking.timeoutNanos(await, args));
        assertEquals(Boolean.FALSE, Wakes.ready(await, args, Thread.currentThread()));
        Target shutdown = Target.parse("public abstract void java.util.concurrent.ExecutorService.shutdown()");
        assertEquals(Blocking.NOT_BLOCKING, Blocking.timeoutNanos(shutdown, new Object[] {pool}));
        // shutdown wakes the pool's idle workers, which end: the same key as a hand-off to it
        assertEquals(pool, Wakes.wakeKey(shutdown, new Object[] {pool}));
        pool.shutdown();
        pool.awaitTermination(10, TimeUnit.SECONDS);
        assertEquals(Boolean.TRUE, Wakes.ready(await, args, Thread.currentThread()));
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
