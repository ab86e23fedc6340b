package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A driver thread that only waits to take a lock that is free, or that a thread outside the driver
 * holds, is about to run: virtual time must not move under it. One that waits for a lock a stopped
 * driver thread holds is idle.
 */
class IdleLockTest {

    private final WindowRun run = WindowRun.start(Duration.ofSeconds(1));
    private final VirtualTime time = new VirtualTime(run, Duration.ofSeconds(10));

    @AfterEach
    void stop() {
        time.stop();
        run.finish();
    }

    private static void awaitState(Thread t, Thread.State s) {
        while (t.getState() != s) {
            Thread.onSpinWait();
        }
    }

    @Test
    void aWorkerBlockedOnAMonitorTheKitHoldsIsNotIdle() {
        Worker w = time.worker("w");
        Object monitor = new Object();
        AtomicBoolean ran = new AtomicBoolean();
        synchronized (monitor) {
            w.execute(() -> {
                synchronized (monitor) {
                    ran.set(true);
                }
            });
            awaitState(w.thread(), Thread.State.BLOCKED);
            assertFalse(w.idle(), "blocked on a monitor a kit thread holds");
        }
        time.awaitIdle();
        assertTrue(ran.get(), "virtual time moved while the worker still had to take the monitor");
    }

    @Test
    void aWorkerParkedOnAReentrantLockTheKitHoldsIsNotIdle() {
        Worker w = time.worker("w");
        ReentrantLock lock = new ReentrantLock();
        AtomicBoolean ran = new AtomicBoolean();
        lock.lock();
        try {
            w.execute(() -> {
                lock.lock();
                try {
                    ran.set(true);
                } finally {
                    lock.unlock();
                }
            });
            awaitState(w.thread(), Thread.State.WAITING);
            assertFalse(w.idle(), "parked on a lock a kit thread holds");
        } finally {
            lock.unlock();
        }
        time.awaitIdle();
        assertTrue(ran.get());
    }

    @Test
    void aWorkerBlockedOnAMonitorAStoppedDriverThreadHoldsIsIdle() throws Exception {
        Worker holder = time.worker("holder");
        Worker w = time.worker("w");
        Object monitor = new Object();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        holder.execute(() -> {
            synchronized (monitor) {
                held.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        held.await();
        w.execute(() -> {
            synchronized (monitor) {
                monitor.hashCode();
            }
        });
        awaitState(w.thread(), Thread.State.BLOCKED);
        awaitState(holder.thread(), Thread.State.WAITING);
        assertTrue(w.idle(), "blocked on a monitor a waiting driver thread holds");
        assertTrue(holder.idle(), "waiting on a latch nobody counts down");
        time.awaitIdle();
        release.countDown();
    }
}
