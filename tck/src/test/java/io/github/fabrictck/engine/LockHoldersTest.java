package io.github.fabrictck.engine;

import static java.lang.invoke.MethodType.methodType;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.engine.StuckDetector.ThreadView;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Locks the JVM names no owner for (a read-write lock held for reading, a {@code StampedLock}) and
 * JDK pool workers waiting for their next task: the kit's own record of holders, the stuck
 * detector over several holders, and the engine's view of a waiter behind a held reader.
 */
class LockHoldersTest {

    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final Thread A = new Thread("a");
    private static final Thread B = new Thread("b");
    private static final Thread C = new Thread("c");

    private final WindowRun run = WindowRun.start(Duration.ofSeconds(1));
    private final List<Thread> started = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** The agent opens java.lang and java.util.concurrent to the kit, so a worker's pool can be read off it (ownPool). */
    @BeforeAll
    static void agent() {
        FixtureAgent.attach();
    }

    @AfterEach
    void finish() throws InterruptedException {
        run.finish();
        for (Thread t : started) {
            t.interrupt();
            t.join(5000);
        }
    }

    private static Target t(String owner, String method) {
        return new Target(owner, method, false);
    }

    // ---- LockOwners, no threads ----

    @Test
    void readersOfAReadWriteLockAreHoldersOfItsWriteLock() {
        LockOwners locks = new LockOwners();
        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        String rwl = "java.util.concurrent.locks.ReentrantReadWriteLock";
        locks.afterCall(t(rwl, "readLock"), new Object[] {rw}, rw.readLock(), A);
        locks.afterCall(t(rwl, "writeLock"), new Object[] {rw}, rw.writeLock(), A);
        String read = rwl + "$ReadLock";
        // the lock itself must confirm what the record says: three real read holds, on this thread
        for (int i = 0; i < 3; i++) {
            rw.readLock().lock();
        }
        locks.afterCall(t(read, "lock"), new Object[] {rw.readLock()}, null, A);
        locks.afterCall(t(read, "lock"), new Object[] {rw.readLock()}, null, B);
        locks.afterCall(t(read, "lock"), new Object[] {rw.readLock()}, null, B);
        assertEquals(List.of(A, B), sorted(locks.holders(rw.writeLock(), C)));
        assertEquals(List.of(B), locks.holders(rw.writeLock(), A), "a thread does not wait for itself");
        assertNull(locks.owner(rw.writeLock()), "readers own it jointly, nobody exclusively");
        locks.beforeCall(t(read, "unlock"), new Object[] {rw.readLock()}, B);
        assertEquals(List.of(A, B), sorted(locks.holders(rw.writeLock(), C)), "b still reads once");
        locks.beforeCall(t(read, "unlock"), new Object[] {rw.readLock()}, B);
        locks.beforeCall(t(read, "unlock"), new Object[] {rw.readLock()}, A);
        assertEquals(List.of(), locks.holders(rw.writeLock(), C));
        locks.afterCall(t(read, "lock"), new Object[] {rw.readLock()}, null, A);
        assertEquals(List.of(A), locks.holders(rw.writeLock(), C));
        for (int i = 0; i < 3; i++) {
            rw.readLock().unlock();
        }
        assertEquals(List.of(), locks.holders(rw.writeLock(), C), "the lock has no reader: the record is stale");
        locks.beforeCall(t(read, "unlock"), new Object[] {rw.readLock()}, A);
        rw.writeLock().lock();
        locks.afterCall(t(rwl + "$WriteLock", "lock"), new Object[] {rw.writeLock()}, null, C);
        assertEquals(List.of(C), locks.holders(rw.readLock(), A), "a reader waits for the writer");
        assertEquals(C, locks.owner(rw.writeLock()));
    }

    @Test
    void stampsTakeAndGiveUpHolds() {
        LockOwners locks = new LockOwners();
        StampedLock sl = new StampedLock();
        String owner = "java.util.concurrent.locks.StampedLock";
        long w = sl.writeLock();
        locks.afterCall(t(owner, "writeLock"), new Object[] {sl}, w, A);
        assertEquals(List.of(A), locks.holders(sl, B));
        assertEquals(List.of(), locks.holders(sl, A));
        long r = sl.tryConvertToReadLock(w);
        locks.afterCall(t(owner, "tryConvertToReadLock"), new Object[] {sl, w}, r, A);
        assertNull(locks.owner(sl), "converted to a read stamp");
        assertEquals(List.of(A), locks.holders(sl, B));
        long r2 = sl.readLock();
        locks.afterCall(t(owner, "readLock"), new Object[] {sl}, r2, B);
        assertEquals(List.of(A, B), sorted(locks.holders(sl, C)));
        long optimistic = sl.tryOptimisticRead();
        locks.afterCall(t(owner, "tryOptimisticRead"), new Object[] {sl}, optimistic, C);
        assertEquals(List.of(A, B), sorted(locks.holders(sl, C)), "an optimistic read holds nothing");
        locks.beforeCall(t(owner, "unlockRead"), new Object[] {sl, r2}, B);
        sl.unlockRead(r2);
        locks.beforeCall(t(owner, "unlock"), new Object[] {sl, r}, A);
        sl.unlock(r);
        assertEquals(List.of(), locks.holders(sl, C));
        long failed = sl.tryConvertToWriteLock(optimistic);
        locks.afterCall(t(owner, "tryConvertToWriteLock"), new Object[] {sl, optimistic}, failed, C);
        assertEquals(C, locks.owner(sl), "an optimistic stamp converted to a write stamp");
        locks.beforeCall(t(owner, "tryUnlockWrite"), new Object[] {sl}, C);
        assertEquals(List.of(), locks.holders(sl, A));
    }

    @Test
    void aStampedLocksReadViewTakesReadHolds() {
        LockOwners locks = new LockOwners();
        StampedLock sl = new StampedLock();
        String owner = "java.util.concurrent.locks.StampedLock";
        Lock view = sl.asReadLock();
        locks.afterCall(t(owner, "asReadLock"), new Object[] {sl}, view, A);
        view.lock();
        view.lock();
        locks.afterCall(t("java.util.concurrent.locks.Lock", "lock"), new Object[] {view}, null, A);
        locks.afterCall(t("java.util.concurrent.locks.Lock", "lock"), new Object[] {view}, null, B);
        assertEquals(List.of(A, B), sorted(locks.holders(sl, C)), "both hold it for reading");
        assertNull(locks.owner(sl));
    }

    // ---- StuckDetector over several holders ----

    private static ThreadView waiter(long id, String name, List<Long> owners) {
        return new ThreadView(id, name, Thread.State.WAITING, false, false,
                "ReentrantReadWriteLock.WriteLock.lock at X.y(X.java:2)", Blocking.FOREVER, false, true, owners,
                "java.util.concurrent.locks.ReentrantReadWriteLock$NonfairSync@1", null);
    }

    private static ThreadView parked(long id, String name, boolean held) {
        return new ThreadView(id, name, Thread.State.WAITING, held, false, held ? null : "Object.wait at X.y(X.java:1)",
                held ? Blocking.NOT_BLOCKING : Blocking.FOREVER, false, false, List.of(), null,
                held ? "X.z(X.java:3)" : null);
    }

    private static ThreadView running(long id, String name) {
        return new ThreadView(id, name, Thread.State.RUNNABLE, false, false, null, Blocking.NOT_BLOCKING, false, false,
                List.of(), null, null);
    }

    @Test
    void aWaiterBehindSeveralReadersIsIdleOnlyIfEveryReaderIs() {
        ThreadView w = waiter(1, "closer", List.of(2L, 3L));
        assertTrue(StuckDetector.allIdle(List.of(w, parked(2, "r1", false), parked(3, "r2", false)),
                Duration.ofMillis(1)).isPresent());
        assertTrue(StuckDetector.allIdle(List.of(w, parked(2, "r1", false), running(3, "r2")),
                Duration.ofMillis(1)).isEmpty(), "a reader that runs will unlock");
        assertTrue(StuckDetector.settle(List.of(w, parked(2, "r1", false), parked(3, "r2", false))).settled());
    }

    @Test
    void aWaiterBehindAHeldReaderIsStalledByTheKit() {
        ThreadView w = waiter(1, "closer", List.of(2L, 3L));
        StuckDetector.Settle s = StuckDetector.settle(List.of(w, parked(2, "r1", false), parked(3, "handler", true)));
        assertTrue(s.settled());
        assertEquals(List.of(1L), s.stalledIds());
        assertTrue(s.stalled().get(0).contains("which handler owns while the kit holds it at X.z(X.java:3)"),
                s.stalled().toString());
    }

    @Test
    void aReaderWaitingForAWriterThatWaitsForIt() {
        // a cycle of lock waits is a deadlock: idle for good, and not counted twice along two branches
        ThreadView a = waiter(1, "a", List.of(2L, 3L));
        ThreadView b = waiter(2, "b", List.of(1L));
        assertTrue(StuckDetector.allIdle(List.of(a, b, parked(3, "c", false)), Duration.ofMillis(1)).isPresent());
    }

    // ---- the engine's view ----

    private Object sync(Target target, MethodHandle handle, Object... args) {
        try {
            return run.call(Point.Kind.SYNC_CALL, target, args, handle, null);
        } catch (Throwable e) {
            return null;
        }
    }

    private Thread driverThread(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        run.track(t);
        started.add(t);
        t.start();
        return t;
    }

    private StuckDetector.Settle awaitSettled(java.util.function.BooleanSupplier also) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        StuckDetector.Settle s = run.settle();
        while (!s.settled() || !also.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "never settled: " + s + " " + run.views());
            Thread.sleep(1);
            s = run.settle();
        }
        return s;
    }

    @Test
    void aWriterWaitingBehindAHeldReaderIsStalledAndBehindAnIdleOneSettles() throws Throwable {
        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        String rwl = "java.util.concurrent.locks.ReentrantReadWriteLock";
        MethodHandle readLock = LOOKUP.findVirtual(ReentrantReadWriteLock.class, "readLock",
                methodType(ReentrantReadWriteLock.ReadLock.class));
        MethodHandle writeLock = LOOKUP.findVirtual(ReentrantReadWriteLock.class, "writeLock",
                methodType(ReentrantReadWriteLock.WriteLock.class));
        MethodHandle lock = LOOKUP.findVirtual(Lock.class, "lock", methodType(void.class));
        MethodHandle unlock = LOOKUP.findVirtual(Lock.class, "unlock", methodType(void.class));
        MethodHandle park = LOOKUP.findStatic(java.util.concurrent.locks.LockSupport.class, "park",
                methodType(void.class));
        Hold inRead = run.hold("the reader inside its read section", PointMatcher.of("reader's park",
                (th, p, isAfter, args, result) -> !isAfter && th.getName().equals("handler")
                        && p.target().equals("LockSupport.park")));
        Thread handler = driverThread("handler", () -> {
            Object r = sync(t(rwl, "readLock"), readLock, rw);
            sync(t(rwl + "$ReadLock", "lock"), lock, r);
            sync(new Target("java.util.concurrent.locks.LockSupport", "park", true), park);
            sync(t(rwl + "$ReadLock", "unlock"), unlock, r);
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!inRead.isReached()) {
            assertTrue(System.nanoTime() < deadline);
            Thread.sleep(1);
        }
        Thread closer = driverThread("closer", () -> {
            Object w = sync(t(rwl, "writeLock"), writeLock, rw);
            sync(t(rwl + "$WriteLock", "lock"), lock, w);
            sync(t(rwl + "$WriteLock", "unlock"), unlock, w);
        });
        StuckDetector.Settle s = awaitSettled(() -> closer.getState() == Thread.State.WAITING);
        assertEquals(List.of(closer.getId()), s.stalledIds(), s.toString());
        assertTrue(s.stalled().get(0).contains("which handler owns while the kit holds it"), s.toString());
        // released, the reader parks (nothing unparks it) inside its read section: the writer waits for an idle reader
        inRead.release();
        awaitSettled(() -> handler.getState() == Thread.State.WAITING && run.isBlockedInDriver(handler));
        run.unannouncedWork(() -> List.of("1 completion(s) wait in the send CQ"));
        assertTrue(run.stuck().isPresent(), "a writer behind an idle reader is idle: " + run.views());
        java.util.concurrent.locks.LockSupport.unpark(handler);
        closer.join(10_000);
        assertFalse(closer.isAlive());
    }

    @Test
    void aThreadWaitingForAWriteStampOfAHeldThreadIsStalled() throws Throwable {
        StampedLock sl = new StampedLock();
        String owner = "java.util.concurrent.locks.StampedLock";
        MethodHandle writeLock = LOOKUP.findVirtual(StampedLock.class, "writeLock", methodType(long.class));
        MethodHandle unlockWrite = LOOKUP.findVirtual(StampedLock.class, "unlockWrite",
                methodType(void.class, long.class));
        MethodHandle park = LOOKUP.findStatic(java.util.concurrent.locks.LockSupport.class, "park",
                methodType(void.class));
        Hold inWrite = run.hold("the handler inside its write section", PointMatcher.of("handler's park",
                (th, p, isAfter, args, result) -> !isAfter && th.getName().equals("handler")
                        && p.target().equals("LockSupport.park")));
        driverThread("handler", () -> {
            Object stamp = sync(t(owner, "writeLock"), writeLock, sl);
            sync(new Target("java.util.concurrent.locks.LockSupport", "park", true), park);
            sync(t(owner, "unlockWrite"), unlockWrite, sl, stamp);
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!inWrite.isReached()) {
            assertTrue(System.nanoTime() < deadline);
            Thread.sleep(1);
        }
        Thread app = driverThread("app", () -> {
            Object stamp = sync(t(owner, "writeLock"), writeLock, sl);
            sync(t(owner, "unlockWrite"), unlockWrite, sl, stamp);
        });
        StuckDetector.Settle s = awaitSettled(() -> app.getState() == Thread.State.WAITING);
        assertEquals(List.of(app.getId()), s.stalledIds(), s.toString());
        assertTrue(s.stalled().get(0).contains("StampedLock.writeLock")
                && s.stalled().get(0).contains("which handler owns while the kit holds it"), s.toString());
        inWrite.release();
        awaitSettled(() -> run.views().stream().noneMatch(ThreadView::held));
        java.util.concurrent.locks.LockSupport.unpark(started.get(0));
        app.join(10_000);
        assertFalse(app.isAlive());
    }

    // ---- pool workers ----

    @Test
    void aPoolWorkerInGetTaskWaitsForWorkUnlessAPoolHasWorkQueued() throws Throwable {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                factory("worker", true));
        MethodHandle execute = LOOKUP.findVirtual(java.util.concurrent.Executor.class, "execute",
                methodType(void.class, Runnable.class));
        Target executeT = t("java.util.concurrent.ThreadPoolExecutor", "execute");
        driverThread("handler", () -> sync(executeT, execute, pool, (Runnable) () -> { })).join(10_000);
        awaitSettled(() -> run.views().stream().anyMatch(v -> v.name().equals("worker") && v.waitingForWork()));
        // a second pool, never started, with a task in its queue: not the worker's own pool, which the kit knows
        ThreadPoolExecutor other = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
        MethodHandle noOp = MethodHandles.dropArguments(MethodHandles.constant(Object.class, null), 0, Object.class,
                Object.class);
        driverThread("handler2", () -> sync(executeT, noOp, other, (Runnable) () -> { })).join(10_000);
        other.getQueue().add(() -> { });
        awaitSettled(() -> true);
        // a worker started outside any hand-off the kit saw (a JDK class handing work to the driver's pool): its pool is
        // read off the worker, so another pool's queued task is not its work
        ThreadPoolExecutor unknown = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                factory("unknown-worker", true));
        unknown.prestartCoreThread();
        Thread unknownWorker = started.get(started.size() - 1);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (unknownWorker.getState() != Thread.State.WAITING) {
            assertTrue(System.nanoTime() < deadline);
            Thread.sleep(1);
        }
        assertTrue(WindowRun.ownPool(unknownWorker) == unknown, "the worker's own pool, read off the worker");
        awaitSettled(() -> true);
        other.getQueue().clear();
        pool.shutdownNow();
        unknown.shutdownNow();
    }

    @Test
    void aWorkerOfATerminatedPoolIsOnItsWayOutWhereverItIs() throws Throwable {
        // awaitTermination returns once the pool terminated, while its worker may still be returning through
        // runWorker, Worker.run or Thread.run: it runs no task any more, so it is not a thread the driver left running
        java.util.concurrent.CountDownLatch leave = new java.util.concurrent.CountDownLatch(1);
        List<Thread> made = new java.util.concurrent.CopyOnWriteArrayList<>();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "pool-worker") {
                @Override
                public void run() {
                    super.run();
                    try {
                        leave.await();
                    } catch (InterruptedException e) {
                        // the end of the test
                    }
                }
            };
            made.add(t);
            return t;
        });
        pool.prestartCoreThread();
        Thread worker = made.get(0);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (worker.getState() != Thread.State.WAITING) {
            assertTrue(System.nanoTime() < deadline, "the worker never waited for a task");
            Thread.sleep(1);
        }
        assertFalse(WindowRun.isExiting(worker), "a worker waiting for its next task");
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        assertTrue(worker.isAlive(), "still in its Thread.run");
        assertTrue(WindowRun.isExiting(worker), "its pool terminated");
        leave.countDown();
        worker.join(10_000);
    }

    @Test
    void aWorkerOfAWrappedPoolWaitsForWorkOnlyAfterItRanWhatWasHandedOff() throws Throwable {
        java.util.concurrent.ExecutorService single = java.util.concurrent.Executors.newSingleThreadExecutor(
                factory("worker", true));
        MethodHandle execute = LOOKUP.findVirtual(java.util.concurrent.Executor.class, "execute",
                methodType(void.class, Runnable.class));
        MethodHandle notifyAll = MethodHandles.dropArguments(MethodHandles.constant(Object.class, null), 0,
                Object.class);
        Target executeT = t("java.util.concurrent.ExecutorService", "execute");
        Object monitor = new Object();
        // the task passes a point (a notifyAll, withheld) once its hand-off returned: the worker ran driver code
        java.util.function.Function<java.util.concurrent.CountDownLatch, Runnable> taskAfter = handedOff -> () -> {
            try {
                handedOff.await();
            } catch (InterruptedException e) {
                return;
            }
            sync(t("java.lang.Object", "notifyAll"), notifyAll, monitor);
        };
        java.util.concurrent.CountDownLatch first = new java.util.concurrent.CountDownLatch(1);
        driverThread("handler", () -> {
            sync(executeT, execute, single, taskAfter.apply(first));
            first.countDown();
        }).join(10_000);
        Thread worker = started.get(started.size() - 1);
        awaitSettled(() -> run.views().stream().anyMatch(v -> v.name().equals("worker") && v.waitingForWork()));
        assertEquals(Boolean.TRUE, run.poolIdle(worker), "virtual time reads the worker as idle in its pool");
        assertEquals(null, run.poolIdle(Thread.currentThread()), "no driver thread: no pool's worker");
        // a task that passes no point (a replay of nothing): the worker ran it and waits again. Its pool's queue, read
        // off the worker behind the wrapper, says so; a count of hand-offs against the points the worker passed since
        // took it for a task not yet taken, for ever (zoo-hs-replay's HS windows ERROR: "did not become idle")
        driverThread("handler2", () -> sync(executeT, execute, single, (Runnable) () -> { })).join(10_000);
        awaitSettled(() -> run.views().stream().anyMatch(v -> v.name().equals("worker") && v.waitingForWork()));
        assertEquals(Boolean.TRUE, run.poolIdle(worker), "nothing queued for it: idle");
        // the worker runs a task with a point: settled again
        java.util.concurrent.CountDownLatch third = new java.util.concurrent.CountDownLatch(1);
        driverThread("handler3", () -> {
            sync(executeT, execute, single, taskAfter.apply(third));
            third.countDown();
        }).join(10_000);
        awaitSettled(() -> true);
        single.shutdownNow();
    }

    @Test
    void aWorkerWaitsOnItsPoolsQueueInGetTask() throws Throwable {
        ThreadPoolExecutor direct = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new SynchronousQueue<>(),
                factory("direct-worker", false));
        direct.prestartCoreThread();
        ThreadPoolExecutor holding = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                factory("holding-worker", false));
        holding.prestartCoreThread();
        java.util.concurrent.ScheduledThreadPoolExecutor scheduled = new java.util.concurrent.ScheduledThreadPoolExecutor(1,
                factory("scheduled-worker", false));
        scheduled.prestartCoreThread();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Thread worker : started) {
            while (worker.getState() != Thread.State.WAITING) {
                assertTrue(System.nanoTime() < deadline);
                Thread.sleep(1);
            }
        }
        assertEquals("java.util.concurrent.SynchronousQueue", WindowRun.poolQueue(started.get(0).getStackTrace()));
        assertEquals("java.util.concurrent.LinkedBlockingQueue", WindowRun.poolQueue(started.get(1).getStackTrace()));
        assertEquals(WindowRun.DELAY_QUEUE, WindowRun.poolQueue(started.get(2).getStackTrace()));
        assertNull(WindowRun.poolQueue(Thread.currentThread().getStackTrace()));
        direct.shutdownNow();
        holding.shutdownNow();
        scheduled.shutdownNow();
    }

    @Test
    void aScheduledPoolsWorkerWaitsForWorkOnAnEmptyQueueAndForItsEarliestTimerOtherwise() throws Throwable {
        // the context's scheduler on the wall clock: a vendor hands its handler's work to it (review4's finding)
        java.util.concurrent.ScheduledThreadPoolExecutor scheduled = new java.util.concurrent.ScheduledThreadPoolExecutor(1,
                factory("timer", true));
        MethodHandle execute = LOOKUP.findVirtual(java.util.concurrent.Executor.class, "execute",
                methodType(void.class, Runnable.class));
        Target executeT = t("java.util.concurrent.ScheduledExecutorService", "execute");
        driverThread("handler", () -> sync(executeT, execute, scheduled, (Runnable) () -> { })).join(10_000);
        awaitSettled(() -> run.views().stream().anyMatch(v -> v.name().equals("timer") && v.waitingForWork()));
        // a timer an hour away: settled (it wakes by itself), and idle for good beyond the run's 1 s bound
        // schedule() is no point (arming a timer wakes nobody now): the worker is the pool's since its first hand-off
        driverThread("arm", () -> scheduled.schedule(() -> { }, 1L, TimeUnit.HOURS)).join(10_000);
        awaitSettled(() -> run.views().stream().anyMatch(v -> v.name().equals("timer") && !v.waitingForWork()
                && v.timeoutNanos() > TimeUnit.MINUTES.toNanos(59)));
        assertTrue(run.views().stream().filter(v -> v.name().equals("timer")).allMatch(v -> v.blockedIn() != null
                && v.blockedIn().contains("timer")), run.views().toString());
        assertTrue(run.allIdle(Duration.ofSeconds(1)), "a timer beyond the bound is idle for good");
        assertFalse(run.allIdle(Duration.ofHours(2)), "a timer within the bound wakes the worker by itself");
        // a task due now in the queue while the only worker is busy: about to run, not idle
        java.util.concurrent.ScheduledThreadPoolExecutor busy = new java.util.concurrent.ScheduledThreadPoolExecutor(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch running = new java.util.concurrent.CountDownLatch(1);
        busy.execute(() -> {
            running.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertTrue(running.await(10, TimeUnit.SECONDS));
        busy.schedule(() -> { }, 0, TimeUnit.SECONDS);
        assertEquals(Blocking.NOT_BLOCKING, WindowRun.delayQueueWait(busy));
        release.countDown();
        busy.shutdown();
        assertEquals(Blocking.FOREVER, WindowRun.delayQueueWait(new java.util.concurrent.ScheduledThreadPoolExecutor(1)));
        scheduled.shutdownNow();
    }

    @Test
    void aOneShotTimerDueWithinAHundredMillisecondsIsWorkUnderWayAPeriodicOneIsAWait() {
        // each wait is judged only while its timer is not due yet (a slow machine may make it due: then it is work)
        java.util.concurrent.ScheduledThreadPoolExecutor ticking = new java.util.concurrent.ScheduledThreadPoolExecutor(1);
        java.util.concurrent.ScheduledThreadPoolExecutor pool = new java.util.concurrent.ScheduledThreadPoolExecutor(1);
        try {
            java.util.concurrent.ScheduledFuture<?> periodic = ticking.scheduleWithFixedDelay(() -> { }, 90, 90,
                    TimeUnit.MILLISECONDS);
            long waits = WindowRun.delayQueueWait(ticking);
            if (periodic.getDelay(TimeUnit.NANOSECONDS) > 0) {
                assertTrue(waits > 0, "a periodic timer due within 100 ms is a wait: " + waits);
            }
            pool.schedule(() -> { }, 10, TimeUnit.SECONDS);
            assertTrue(WindowRun.delayQueueWait(pool) > WindowRun.IMMINENT_TIMER_NANOS, "a timer 10 s away is a wait");
            java.util.concurrent.ScheduledFuture<?> cancelled = pool.schedule(() -> { }, 90, TimeUnit.MILLISECONDS);
            cancelled.cancel(false);
            long afterCancel = WindowRun.delayQueueWait(pool);
            if (cancelled.getDelay(TimeUnit.NANOSECONDS) > 0) {
                assertTrue(afterCancel > 0, "a cancelled timer is no work: " + afterCancel);
            }
            pool.schedule(() -> { }, 50, TimeUnit.MILLISECONDS);
            assertEquals(Blocking.NOT_BLOCKING, WindowRun.delayQueueWait(pool), "a one-shot timer 50 ms away");
        } finally {
            ticking.shutdownNow();
            pool.shutdownNow();
        }
    }

    /** Threads for a pool: daemons this test ends, tracked by the run as the context's would be when {@code tracked}. */
    private java.util.concurrent.ThreadFactory factory(String name, boolean tracked) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            if (tracked) {
                run.track(t);
            }
            started.add(t);
            return t;
        };
    }

    private static List<Thread> sorted(List<Thread> threads) {
        return threads.stream().sorted(java.util.Comparator.comparing(Thread::getName)).toList();
    }
}
