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
            run.call(Point.Kind.SYNC_CALL, target, args, handle, null);
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

    /** Runs calls on a short-lived driver thread of its own, through the engine. */
    private Object[] onDriverThread(String name, java.util.function.Supplier<Object[]> calls) throws InterruptedException {
        Object[][] out = new Object[1][];
        Thread t = new Thread(() -> out[0] = calls.get(), name);
        t.setDaemon(true);
        run.track(t);
        t.start();
        t.join(10_000);
        return out[0];
    }

    private Object sync(Target target, MethodHandle handle, Object... args) {
        try {
            return run.call(Point.Kind.SYNC_CALL, target, args, handle, null);
        } catch (Throwable e) {
            return null;
        }
    }

    @Test
    void aSignalledWaiterWaitsForTheLockOfItsHeldSignallerAndTheKitSaysItStallsIt() throws Throwable {
        ReentrantLock lock = new ReentrantLock();
        Target lockT = new Target("java.util.concurrent.locks.ReentrantLock", "lock", false);
        Target unlockT = new Target("java.util.concurrent.locks.ReentrantLock", "unlock", false);
        MethodHandle lockH = LOOKUP.findVirtual(ReentrantLock.class, "lock", methodType(void.class));
        MethodHandle unlockH = LOOKUP.findVirtual(ReentrantLock.class, "unlock", methodType(void.class));
        Condition c = (Condition) onDriverThread("open", () -> new Object[] {sync(
                new Target("java.util.concurrent.locks.ReentrantLock", "newCondition", false),
                unchecked(() -> LOOKUP.findVirtual(ReentrantLock.class, "newCondition", methodType(Condition.class))),
                lock)})[0];
        MethodHandle await = LOOKUP.findVirtual(Condition.class, "await", methodType(void.class));
        block("app", () -> {
            sync(lockT, lockH, lock);
            sync(new Target("java.util.concurrent.locks.Condition", "await", false), await, c);
            sync(unlockT, unlockH, lock);
        });
        Hold beforeUnlock = run.hold("the signaller before it unlocks", PointMatcher.of(
                "before ReentrantLock.unlock on handler", (t, p, isAfter, args, result) -> !isAfter
                        && p.target().equals("ReentrantLock.unlock") && t.getName().equals("handler")));
        Thread handler = new Thread(() -> {
            sync(lockT, lockH, lock);
            sync(new Target("java.util.concurrent.locks.Condition", "signalAll", false),
                    unchecked(() -> LOOKUP.findVirtual(Condition.class, "signalAll", methodType(void.class))), c);
            sync(unlockT, unlockH, lock);
        }, "handler");
        handler.setDaemon(true);
        run.track(handler);
        handler.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        StuckDetector.Settle settle = run.settle();
        while (!beforeUnlock.isReached() || !settle.settled()) {
            assertTrue(System.nanoTime() < deadline, "never settled: " + settle);
            Thread.sleep(1);
            settle = run.settle();
        }
        assertTrue(run.isWoken(waiter));
        assertEquals(List.of(waiter.getId()), settle.stalledIds(), settle.toString());
        assertTrue(settle.stalled().get(0).contains("which handler owns while the kit holds it"), settle.toString());
        pendingWork();
        assertEquals(Optional.empty(), run.stuck(), "a thread the kit's hold stalls is not idle");
        beforeUnlock.release();
        handler.join(10_000);
        waiter.join(10_000);
        assertFalse(waiter.isAlive());
    }

    private interface ThrowingSupplier<T> {
        T get() throws Exception;
    }

    private static <T> T unchecked(ThrowingSupplier<T> s) {
        try {
            return s.get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
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

    /**
     * The waiter blocks in a call the kit reads as {@code target} on {@code receiver}, but parks on a
     * latch of the test's own, so a real wake changes the waited-on object while the waiter
     * deterministically has not run yet.
     */
    private CountDownLatch blockAsIf(Target target, Object receiver) throws Throwable {
        CountDownLatch park = new CountDownLatch(1);
        MethodHandle parked = MethodHandles.dropArguments(
                LOOKUP.findVirtual(CountDownLatch.class, "await", methodType(void.class)).bindTo(park)
                        .asType(methodType(Object.class)), 0, Object.class);
        block("app", () -> call(target, parked, receiver));
        return park;
    }

    private void assertWokenByRealWake(Target wait, Object receiver, Target wake, MethodHandle wakeHandle,
                                       Object... wakeArgs) throws Throwable {
        CountDownLatch park = blockAsIf(wait, receiver);
        pendingWork();
        assertTrue(awaitStuck().isPresent(), "a blocked thread nothing woke is idle");
        Thread t = new Thread(() -> call(wake, wakeHandle, wakeArgs), "handler");
        t.setDaemon(true);
        run.track(t);
        t.start();
        t.join(10_000);
        assertTrue(run.isWoken(waiter), "the waited-on object lets the waiter go on");
        assertEquals(Thread.State.WAITING, waiter.getState(), "the waiter has not run yet");
        assertEquals(Optional.empty(), run.stuck(), "a woken thread that has not run yet is not idle");
        assertFalse(run.allIdle());
        park.countDown();
    }

    @Test
    void semaphoreRelease() throws Throwable {
        Semaphore s = new Semaphore(0);
        assertWokenByRealWake(new Target("java.util.concurrent.Semaphore", "acquire", false), s,
                new Target("java.util.concurrent.Semaphore", "release", false),
                LOOKUP.findVirtual(Semaphore.class, "release", methodType(void.class)), s);
    }

    @Test
    void aSemaphoreReleaseOfTooFewPermitsLeavesTheWaiterIdle() throws Throwable {
        Semaphore s = new Semaphore(0);
        MethodHandle park = LOOKUP.findVirtual(CountDownLatch.class, "await", methodType(void.class));
        CountDownLatch latch = new CountDownLatch(1);
        MethodHandle parked = MethodHandles.dropArguments(park.bindTo(latch).asType(methodType(Object.class)), 0,
                Object.class, Object.class);
        block("app", () -> call(new Target("java.util.concurrent.Semaphore", "acquire", false), parked, s, 2));
        pendingWork();
        wakeFrom(new Target("java.util.concurrent.Semaphore", "release", false), s);
        s.release();
        assertFalse(run.isWoken(waiter), "one permit of the two it needs does not let it go on");
        assertTrue(awaitStuck().isPresent());
        latch.countDown();
    }

    @Test
    void latchCountDown() throws Throwable {
        CountDownLatch latch = new CountDownLatch(1);
        assertWokenByRealWake(new Target("java.util.concurrent.CountDownLatch", "await", false), latch,
                new Target("java.util.concurrent.CountDownLatch", "countDown", false),
                LOOKUP.findVirtual(CountDownLatch.class, "countDown", methodType(void.class)), latch);
    }

    @Test
    void blockingQueueOffer() throws Throwable {
        LinkedBlockingQueue<Object> q = new LinkedBlockingQueue<>();
        assertWokenByRealWake(new Target("java.util.concurrent.LinkedBlockingQueue", "take", false), q,
                new Target("java.util.concurrent.LinkedBlockingQueue", "offer", false),
                LOOKUP.findVirtual(LinkedBlockingQueue.class, "offer", methodType(boolean.class, Object.class)), q, "x");
    }

    @Test
    void completableFutureComplete() throws Throwable {
        CompletableFuture<Object> f = new CompletableFuture<>();
        assertWokenByRealWake(new Target("java.util.concurrent.CompletableFuture", "get", false), f,
                new Target("java.util.concurrent.CompletableFuture", "complete", false),
                LOOKUP.findVirtual(CompletableFuture.class, "complete", methodType(boolean.class, Object.class)), f, "x");
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

    /**
     * A SynchronousQueue holds nothing the kit can read: a put under way is no wake of another put, so two putters
     * and nobody taking are idle; a take meets one of them, which runs on, and the other is idle again.
     */
    @Test
    void aSynchronousQueuesPutIsWokenOnlyByATake() throws Throwable {
        java.util.concurrent.SynchronousQueue<Object> q = new java.util.concurrent.SynchronousQueue<>();
        Target putT = new Target("java.util.concurrent.SynchronousQueue", "put", false);
        MethodHandle put = LOOKUP.findVirtual(java.util.concurrent.SynchronousQueue.class, "put",
                methodType(void.class, Object.class));
        block("app", () -> call(putT, put, q, "a"));
        Thread first = waiter;
        block("driver-1", () -> call(putT, put, q, "b"));
        Thread second = waiter;
        pendingWork();
        assertTrue(awaitStuck().isPresent(), "two putters and nobody taking: idle, " + run.whereThreadsAre());
        Object taken = q.take(); // not the driver's: the kit sees one putter run on and return
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (first.isAlive() && second.isAlive()) {
            assertTrue(System.nanoTime() < deadline, "no putter returned");
            Thread.sleep(1);
        }
        assertTrue(taken.equals("a") || taken.equals("b"));
        waiter = first.isAlive() ? first : second;
        assertTrue(awaitStuck().isPresent(), "the other putter is idle again");
    }

    /**
     * A hand-off on a SynchronousQueue that the putter has finished and the taker not yet: the taker is still WAITING in
     * its take, but it has its element and is not idle (a control thread fed by a SynchronousQueue looked idle between
     * the two, and virtual time ran past its work). The put here is withheld (a no-op), so the taker stays blocked.
     */
    @Test
    void aSynchronousQueuesTakeIsWokenByAPutThatReturned() throws Throwable {
        java.util.concurrent.SynchronousQueue<Object> q = new java.util.concurrent.SynchronousQueue<>();
        MethodHandle take = LOOKUP.findVirtual(java.util.concurrent.SynchronousQueue.class, "take",
                methodType(Object.class));
        block("control", () -> call(new Target("java.util.concurrent.SynchronousQueue", "take", false), take, q));
        Target put = new Target("java.util.concurrent.SynchronousQueue", "put", false);
        MethodHandle withheld = MethodHandles.dropArguments(MethodHandles.constant(Object.class, null), 0,
                Object.class, Object.class);
        pendingWork();
        assertTrue(awaitStuck().isPresent(), "a taker nothing was handed to is idle");
        onDriverThread("rx0", () -> new Object[] {sync(put, withheld, q, "command")});
        assertTrue(run.isWoken(waiter), "the put returned: the taker has its element");
        assertEquals(Thread.State.WAITING, waiter.getState(), "the taker has not run yet");
        assertEquals(Optional.empty(), run.stuck(), "a taker whose hand-off is under way is not idle");
    }

    /**
     * An async stage added to a future that has not completed is handed to its pool later, inside the JDK, on the
     * thread that completes the source: from then until its task begins the driver is running, though every thread
     * the kit knows may look idle (an unseen vendor's CompletableFuture chain got a false CQ-3 FAIL). Here the pool
     * keeps the task until the test runs it.
     */
    @Test
    void anAsyncStageOfAFutureNotCompleteYetIsUnderWayOnceItsSourceCompleted() throws Throwable {
        java.util.concurrent.CompletableFuture<Void> source = new java.util.concurrent.CompletableFuture<>();
        List<Runnable> handed = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.Executor pool = handed::add;
        boolean[] ran = new boolean[1];
        MethodHandle thenRunAsync = LOOKUP.findVirtual(java.util.concurrent.CompletableFuture.class, "thenRunAsync",
                methodType(java.util.concurrent.CompletableFuture.class, Runnable.class, java.util.concurrent.Executor.class));
        Object[] stage = onDriverThread("handler", () -> new Object[] {sync(new Target(
                "java.util.concurrent.CompletableFuture", "thenRunAsync", false), thenRunAsync, source,
                (Runnable) () -> ran[0] = true, pool)});
        assertTrue(stage[0] instanceof java.util.concurrent.CompletableFuture<?>);
        assertFalse(run.asyncStagePending(), "its source has not completed: nothing is under way");
        source.complete(null); // not the driver's call: the JDK hands the stage's task to the pool now
        assertEquals(1, handed.size());
        assertTrue(run.asyncStagePending(), "the stage's task is on its way to a pool thread");
        assertTrue(run.views().stream().anyMatch(v -> v.name().equals(WindowRun.ASYNC_STAGE)
                && v.state() == Thread.State.RUNNABLE), run.views().toString());
        assertFalse(run.allIdle(), "the driver is running");
        handed.get(0).run();
        assertTrue(ran[0]);
        assertFalse(run.asyncStagePending(), "its task began (and ended)");
    }

    /**
     * An interrupt the driver sends to a thread that waits for work ends that wait: the thread is not idle from the
     * interrupt on (a close() that interrupts its event thread and then joins it, looked at before the interrupt
     * reached the thread, was judged unable to return). The wait here does not end, so the state stays to be looked at.
     */
    @Test
    void aThreadWaitingForWorkThatTheDriverInterruptedIsNotIdle() throws Throwable {
        Semaphore never = new Semaphore(0);
        waiter = new Thread(() -> {
            try {
                run.waitingForWork(() -> {
                    never.acquireUninterruptibly();
                    return null;
                });
            } catch (Exception e) {
                // the end of the test
            }
        }, "driver-events");
        waiter.setDaemon(true);
        run.track(waiter);
        waiter.start();
        pendingWork();
        assertTrue(awaitStuck().isPresent(), "waiting for work that is not there: idle");
        wakeFrom(new Target("java.lang.Thread", "interrupt", false), waiter);
        assertEquals(Optional.empty(), run.stuck(), "an interrupt sent to it ends the wait for work");
        assertFalse(run.allIdle());
        never.release();
    }
}
