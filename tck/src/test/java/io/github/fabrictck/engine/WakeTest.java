package io.github.fabrictck.engine;

import static java.lang.invoke.MethodType.methodType;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The old false FAIL, reproduced deterministically for each wake primitive: a driver thread blocked
 * in a call, the wake of that call made by another thread, and the woken thread not run yet. The
 * wake is recorded through the engine's own path ({@link WindowRun#call}) but its real effect is
 * withheld (a no-op handle), which is the moment between the signal and the wake-up that a
 * snapshot of {@code Thread.State} mistook for idleness. The stuck detector must not judge then.
 */
class WakeTest {

    private static final MethodHandle NO_OP = MethodHandles.dropArguments(MethodHandles.constant(Object.class, null), 0,
            Object.class);
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();

    private final WindowRun run = WindowRun.start(Duration.ofSeconds(1));
    private Thread waiter;

    @AfterEach
    void finish() throws InterruptedException {
        if (waiter != null) {
            waiter.interrupt();
            waiter.join(5000);
        }
        run.finish();
    }

    /** Work nothing will announce: the stuck detector judges only while some is pending. */
    private void pendingWork() {
        run.unannouncedWork(() -> List.of("1 completion(s) wait in the send CQ"));
    }

    private void block(String name, Runnable body) throws InterruptedException {
        waiter = new Thread(body, name);
        waiter.setDaemon(true);
        run.track(waiter);
        waiter.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!run.isBlockedInDriver(waiter)) {
            assertTrue(System.nanoTime() < deadline, "the waiter never blocked");
            Thread.sleep(1);
        }
    }

    /** The waiter is blocked and nothing woke it: idle, and with pending work the driver is stuck. */
    private void assertIdleThenNotAfterWake(Target wake, Object... wakeArgs) throws Throwable {
        pendingWork();
        assertTrue(awaitStuck().isPresent(), "a blocked thread nothing woke is idle");
        wakeFrom(wake, wakeArgs);
        assertTrue(run.isWoken(waiter), "the wake was recorded for the waiter");
        assertEquals(Thread.State.WAITING, waiter.getState(), "the waiter has not run yet");
        assertFalse(run.isBlockedInDriver(waiter));
        assertEquals(Optional.empty(), run.stuck(), "a woken thread that has not run yet is not idle");
        assertFalse(run.allIdle());
    }

    /** Makes the wake on a driver thread of its own, which has ended (idle) when it returns. */
    private void wakeFrom(Target wake, Object... args) throws InterruptedException {
        Thread t = new Thread(() -> call(wake, NO_OP, args), "handler");
        t.setDaemon(true);
        run.track(t);
        t.start();
        t.join(10_000);
        assertFalse(t.isAlive());
    }

    private Optional<String> awaitStuck() throws InterruptedException {
        for (int i = 0; i < 5000; i++) {
            Optional<String> s = run.stuck();
            if (s.isPresent()) {
                return s;
            }
            Thread.sleep(1);
        }
        return Optional.empty();
    }

    private void call(Target target, MethodHandle handle, Object... args) {
        try {
            run.call(Point.Kind.SYNC_CALL, target, args, handle);
        } catch (Throwable e) {
            // interrupted at the end of the test
        }
    }

    @Test
    void conditionSignal() throws Throwable {
        ReentrantLock lock = new ReentrantLock();
        Condition c = lock.newCondition();
        MethodHandle await = LOOKUP.findVirtual(Condition.class, "await", methodType(void.class));
        block("app", () -> {
            lock.lock();
            try {
                call(new Target("java.util.concurrent.locks.Condition", "await", false), await, c);
            } finally {
                lock.unlock();
            }
        });
        assertIdleThenNotAfterWake(new Target("java.util.concurrent.locks.Condition", "signalAll", false), c);
    }

    @Test
    void objectNotify() throws Throwable {
        Object monitor = new Object();
        MethodHandle wait = LOOKUP.findVirtual(Object.class, "wait", methodType(void.class));
        block("app", () -> {
            synchronized (monitor) {
                call(new Target("java.lang.Object", "wait", false), wait, monitor);
            }
        });
        assertIdleThenNotAfterWake(new Target("java.lang.Object", "notifyAll", false), monitor);
    }

    @Test
    void lockSupportUnpark() throws Throwable {
        MethodHandle park = LOOKUP.findStatic(LockSupport.class, "park", methodType(void.class));
        block("app", () -> {
            while (!Thread.currentThread().isInterrupted()) {
                call(new Target("java.util.concurrent.locks.LockSupport", "park", true), park);
            }
        });
        assertIdleThenNotAfterWake(new Target("java.util.concurrent.locks.LockSupport", "unpark", true), waiter);
    }

    @Test
    void semaphoreRelease() throws Throwable {
        Semaphore s = new Semaphore(0);
        MethodHandle acquire = LOOKUP.findVirtual(Semaphore.class, "acquire", methodType(void.class));
        block("app", () -> call(new Target("java.util.concurrent.Semaphore", "acquire", false), acquire, s));
        assertIdleThenNotAfterWake(new Target("java.util.concurrent.Semaphore", "release", false), s);
    }

    @Test
    void latchCountDown() throws Throwable {
        CountDownLatch latch = new CountDownLatch(1);
        MethodHandle await = LOOKUP.findVirtual(CountDownLatch.class, "await", methodType(void.class));
        block("app", () -> call(new Target("java.util.concurrent.CountDownLatch", "await", false), await, latch));
        assertIdleThenNotAfterWake(new Target("java.util.concurrent.CountDownLatch", "countDown", false), latch);
    }

    @Test
    void blockingQueueOffer() throws Throwable {
        LinkedBlockingQueue<Object> q = new LinkedBlockingQueue<>();
        MethodHandle take = LOOKUP.findVirtual(LinkedBlockingQueue.class, "take", methodType(Object.class));
        block("app", () -> call(new Target("java.util.concurrent.LinkedBlockingQueue", "take", false), take, q));
        assertIdleThenNotAfterWake(new Target("java.util.concurrent.LinkedBlockingQueue", "offer", false), q, "x");
    }

    @Test
    void completableFutureComplete() throws Throwable {
        CompletableFuture<Object> f = new CompletableFuture<>();
        MethodHandle get = LOOKUP.findVirtual(CompletableFuture.class, "get", methodType(Object.class));
        block("app", () -> call(new Target("java.util.concurrent.CompletableFuture", "get", false), get, f));
        assertIdleThenNotAfterWake(new Target("java.util.concurrent.CompletableFuture", "complete", false), f, "x");
    }

    @Test
    void threadInterrupt() throws Throwable {
        Object monitor = new Object();
        MethodHandle wait = LOOKUP.findVirtual(Object.class, "wait", methodType(void.class));
        block("app", () -> {
            synchronized (monitor) {
                call(new Target("java.lang.Object", "wait", false), wait, monitor);
            }
        });
        assertIdleThenNotAfterWake(new Target("java.lang.Thread", "interrupt", false), waiter);
    }

    @Test
    void lockUnlockWakesAThreadAcquiringIt() throws Throwable {
        ReentrantLock lock = new ReentrantLock();
        lock.lock();
        MethodHandle acquire = LOOKUP.findVirtual(ReentrantLock.class, "lockInterruptibly", methodType(void.class));
        waiter = new Thread(() -> call(new Target("java.util.concurrent.locks.ReentrantLock", "lockInterruptibly", false),
                acquire, lock), "app");
        waiter.setDaemon(true);
        run.track(waiter);
        waiter.start();
        pendingWork();
        while (waiter.getState() != Thread.State.WAITING) {
            Thread.sleep(1);
        }
        // the owner (this test's thread) is not a driver thread: it may still run, so nobody is idle
        assertEquals(Optional.empty(), run.stuck());
        wakeFrom(new Target("java.util.concurrent.locks.ReentrantLock", "unlock", false), lock);
        assertTrue(run.isWoken(waiter));
        lock.unlock();
    }
}
