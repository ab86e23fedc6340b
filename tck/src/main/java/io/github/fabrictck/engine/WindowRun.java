package io.github.fabrictck.engine;

import io.github.fabrictck.report.Evidence;
import java.lang.invoke.MethodHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * One window's run of the engine: the driver threads it knows, the holds of the script, the
 * trace, and the evidence that the window opened. The rewritten driver code reaches the current
 * run through {@link Points}; outside a window, points only call through.
 */
public final class WindowRun {

    private static volatile WindowRun current;
    /** The evidence keeps the first distinct holds of a window; a sweep places one per trial. */
    private static final int MAX_HOLD_RECORDS = 20;

    private final Trace trace = new Trace();
    private final Duration bound;
    private final AtomicLong epoch = new AtomicLong();
    private final AtomicInteger pointsHit = new AtomicInteger();
    private final Map<Thread, DriverThread> threads = new ConcurrentHashMap<>();
    private final List<Hold> holds = new CopyOnWriteArrayList<>();
    private final List<Evidence.Hold> holdRecords = Collections.synchronizedList(new ArrayList<>());
    private volatile Supplier<List<String>> unannouncedWork = List::of;
    private volatile String opened;
    private volatile String misuse;
    private volatile boolean virtualTime;
    private final Map<Thread, String> started = new ConcurrentHashMap<>();
    private final Wakes wakes = new Wakes();
    /** Async stages added to futures not complete yet, whose hand-off comes later inside the JDK. */
    private final AsyncStages asyncStages = new AsyncStages(this::track);
    /** The interrupts the driver's code made ({@code Thread.interrupt}), by the thread interrupted. */
    private final Map<Thread, java.util.concurrent.atomic.AtomicLong> interrupts = new ConcurrentHashMap<>();
    private final List<java.util.function.BooleanSupplier> deviceTimeouts = new CopyOnWriteArrayList<>();
    /** Threads of an earlier trial of this window, which the kit no longer watches. */
    private final java.util.Set<Thread> retired = ConcurrentHashMap.newKeySet();
    private final LockOwners locks = new LockOwners();
    /** Executors the driver handed work to: a pool worker waiting in {@code getTask} is idle only while none has work queued. */
    private final java.util.Set<java.util.concurrent.Executor> executors = ConcurrentHashMap.newKeySet();
    /** Hand-offs of work to any executor begun so far (those of one executor are its wakes). */
    private final AtomicLong handedOffToAny = new AtomicLong();
    /** The points driver threads pass while recording, or {@code null}; at most {@link #MAX_RECORDED_PER_THREAD} each. */
    private volatile List<Hit> recording;
    private final Map<String, Integer> recordedPerThread = new ConcurrentHashMap<>();
    private final Map<String, Integer> occurrences = new ConcurrentHashMap<>();
    static final int MAX_RECORDED_PER_THREAD = 200;
    /**
     * Past its first {@value #MAX_RECORDED_PER_THREAD} points, a thread's places passed for the first time are still
     * kept, this many: a bounded spin (64 empty polls before a poller arms its queue) must not hide the arm after it.
     */
    static final int MAX_NEW_PLACES_PAST_CAP = 100;
    private final Map<String, Integer> newPlacesPastCap = new ConcurrentHashMap<>();
    private final java.util.Set<Thread> before = Thread.getAllStackTraces().keySet();
    /** The thread that started the window (the launcher's, or a test's): it may run driver code itself. */
    private final Thread starter = Thread.currentThread();
    /** The exploration's scheduler, which stops every driver thread at every point, or {@code null}. */
    private volatile Gate gate;

    private WindowRun(Duration bound) {
        this.bound = bound;
    }

    /**
     * Starts a window: from now on points on driver threads go to this run.
     *
     * @param bound how soon pending work must be taken up; a thread blocked for longer counts as idle for good
     */
    public static WindowRun start(Duration bound) {
        WindowRun run = new WindowRun(bound);
        current = run;
        return run;
    }

    /** The run in progress, or {@code null}. */
    public static WindowRun current() {
        return current;
    }

    /** Ends the window: releases every hold so no driver thread stays stopped. */
    public void finish() {
        holds.forEach(Hold::release);
        if (current == this) {
            current = null;
        }
    }

    /**
     * Puts a scheduler in charge (an exploration window): from now on every driver thread that passes
     * a point stops there until the gate lets it go; {@code null} hands the threads back.
     */
    public void gate(Gate g) {
        this.gate = g;
    }

    /** The window's trace. */
    public Trace trace() {
        return trace;
    }

    /** The bound of this window. */
    public Duration bound() {
        return bound;
    }

    /** Counts a change of state (a device action); the stuck detector needs a quiet state. */
    public void changed() {
        epoch.incrementAndGet();
    }

    /**
     * Registers a worker of a pool the kit made for the driver (the context's wall-clock scheduler),
     * made inside a {@code schedule} call that is no hand-off: it is judged by that pool's queue (idle
     * when it is empty, a timed wait for its earliest timer otherwise).
     */
    public void trackWorker(Thread t, java.util.concurrent.Executor pool) {
        track(t);
        DriverThread d = threads.get(t);
        if (d != null && d.pool == null) {
            d.pool = pool;
            d.handOffsSeen();
        }
    }

    /** Registers a driver thread under its role. */
    public void track(Thread t) {
        retired.remove(t);
        DriverThread d = threads.computeIfAbsent(t, DriverThread::new);
        // a pool makes its worker inside the hand-off of its first task: the worker belongs to that pool
        DriverThread creator = threads.get(Thread.currentThread());
        java.util.concurrent.Executor pool = creator == null ? null : creator.handingTo;
        if (pool != null && d.pool == null) {
            d.pool = pool;
            d.handOffsSeen();
            // the hand-off that makes it carries its first task, which it has not run yet
            d.poolHandOffsAtPoint--;
            d.anyHandOffsAtPoint--;
        }
    }

    /**
     * Stops watching threads of a trial that ended: a thread the driver left running (an application
     * call that never returns after close) no longer counts in idleness, and its points only call through.
     */
    public void retire(java.util.Collection<Thread> ended) {
        retired.addAll(ended);
        ended.forEach(threads::remove);
    }

    /**
     * A thread of an earlier trial that the kit runs again (a thread an exploration keeps from one
     * schedule to the next): neither watched nor retired any more, as a new thread is until it is
     * tracked or passes its first point, with none of what the window saw of it before.
     */
    public void renew(Thread t) {
        threads.remove(t);
        retired.remove(t);
    }

    /**
     * A thread this window does not watch: one of an earlier trial, or one alive before the window
     * started (a driver thread an earlier window left running) that the window did not hand work to,
     * other than the thread that started the window.
     */
    private boolean isForeign(Thread t) {
        return retired.contains(t) || t != starter && before.contains(t) && !threads.containsKey(t);
    }

    /**
     * The thread's name as holds know it across trials: its own name, except for a thread that a
     * library started with a name the JDK made up ({@code new Thread(this)} in DiSNI's
     * {@code RdmaCqProcessor}: {@code Thread-93}, another number in every trial), which is named by
     * where it was started, the same in every trial; and without the counters of the whole JVM in the
     * names the JDK gives its pools' threads ({@link #withoutJvmCounters}).
     */
    public String role(Thread t) {
        String name = t.getName();
        String at = started.get(t);
        return at != null && JDK_NAMED.matcher(name).matches() ? STARTED_AT + at : withoutJvmCounters(name);
    }

    /**
     * A name the JDK made with a counter of the whole JVM, with that counter as a letter: {@code pool-12-thread-2}
     * ({@code Executors}' default factory) is {@code pool-N-thread-2}, {@code ForkJoinPool-7-worker-1} is
     * {@code ForkJoinPool-N-worker-1} (the pool's number is the JVM's, the thread's is the pool's own, the same in
     * every trial), a common pool worker {@code ForkJoinPool.commonPool-worker-M}, {@code Timer-3} and
     * {@code Thread-93} {@code Timer-N} and {@code Thread-N}; any other name as it is. A driver that makes a new pool
     * in every trial has a new pool number in each: a hold recorded in the first trial on {@code
     * ForkJoinPool-12-worker-1} never caught {@code ForkJoinPool-13-worker-1}, and a drain-then-arm bug on that
     * worker PASSed CQ-1/a (an unseen vendor's driver).
     */
    public static String withoutJvmCounters(String name) {
        if (!JVM_COUNTED.matcher(name).matches()) {
            return name;
        }
        return name.replaceFirst("^pool-\\d+-thread-", "pool-N-thread-")
                .replaceFirst("^ForkJoinPool-\\d+-worker-", "ForkJoinPool-N-worker-")
                .replaceFirst("^ForkJoinPool\\.commonPool-worker-\\d+$", "ForkJoinPool.commonPool-worker-M")
                .replaceFirst("^(Timer|Thread)-\\d+$", "$1-N");
    }

    private static final java.util.regex.Pattern JVM_COUNTED = java.util.regex.Pattern.compile(
            "pool-\\d+-thread-\\d+|ForkJoinPool-\\d+-worker-\\d+|ForkJoinPool\\.commonPool-worker-\\d+|Timer-\\d+|Thread-\\d+");

    /** How {@link #role} names a thread the driver started with the JDK's default name: by where it was started. */
    public static final String STARTED_AT = "the thread started at ";

    private static final java.util.regex.Pattern JDK_NAMED = java.util.regex.Pattern.compile("Thread-\\d+");

    /**
     * The live thread a driver thread is about to join or joins with no timeout ({@code Thread.join()}), or
     * {@code null}: until that thread ends, letting it run only makes it wait.
     */
    public Thread joining(Thread t) {
        DriverThread d = threads.get(t);
        Thread j = d == null ? null : d.joining;
        return j != null && !ended(j) ? j : null;
    }

    /** How many driver threads are known so far. */
    public int threadCount() {
        return threads.size();
    }

    /** The driver threads known so far. */
    public List<Thread> threads() {
        return List.copyOf(threads.keySet());
    }

    /**
     * Whether a thread that reads as stopped is only waiting to take a lock that will come to it
     * without the driver doing anything: a monitor or a {@code ReentrantLock} that is free now or
     * held by a thread outside the driver (the kit's own threads: the time keeper, a socket reader). Such a thread is about to run, so it is not idle. A thread blocked on a monitor
     * that was just released still reads {@code BLOCKED} until the scheduler runs it; on a loaded
     * machine that lasts long enough for virtual time to move under it. A thread that waits for a
     * lock a driver thread holds is stopped as long as that thread is; a thread inside a blocking
     * call the kit sees (a driver's own {@code Lock.lock}) is judged by {@link #isWoken} instead.
     */
    public boolean waitsForLockToRun(Thread t, Thread.State state) {
        boolean monitor = state == Thread.State.BLOCKED;
        if (!monitor && !(state == Thread.State.WAITING && takesReentrantLock(t))) {
            return false;
        }
        DriverThread d = threads.get(t);
        if (!monitor && d != null && d.blockedIn != null) {
            return false;
        }
        java.lang.management.ThreadInfo info = THREADS.getThreadInfo(t.getId());
        if (info == null || info.getThreadState() != state) {
            return info != null; // it moved on meanwhile: it runs
        }
        return lockComesToIt(info.getLockOwnerId(), threads.keySet());
    }

    /**
     * Whether a lock whose owner has this id (negative: none) will come to its waiter without the driver doing
     * anything: it is free, held by a thread outside the driver, or held by a driver thread that has ended
     * ({@link #ended}). The one lock an ended thread holds is its own {@code Thread} object's, which the JVM takes at
     * the thread's end to wake its joiners and then lets go: a {@code close()} in {@code Thread.join()} reads
     * {@code BLOCKED} on it meanwhile, and on a loaded machine for long enough that "the joined thread ended, the
     * joiner waits for a lock it holds" read as every driver thread idle ({@code zoo-cq-wake-flag-loop}'s CQ-7 FAILed
     * "close() has not returned and cannot" once in 200 runs at load 8, its close() returned 0.4 s later).
     */
    static boolean lockComesToIt(long owner, java.util.Collection<Thread> driverThreads) {
        if (owner < 0) {
            return true;
        }
        for (Thread driver : driverThreads) {
            if (driver.getId() == owner) {
                return ended(driver);
            }
        }
        return true;
    }

    /**
     * Whether a parked thread is taking a {@code ReentrantLock}, the one {@code java.util.concurrent}
     * lock whose owner the JVM always names (a latch, a semaphore or a read lock has none).
     */
    private static boolean takesReentrantLock(Thread t) {
        Object blocker = java.util.concurrent.locks.LockSupport.getBlocker(t);
        return blocker != null && blocker.getClass().getEnclosingClass() == java.util.concurrent.locks.ReentrantLock.class;
    }

    /**
     * Runs the kit's own wait for work (the next task, the next device event) on a driver thread:
     * the thread counts as idle meanwhile.
     */
    public <T> T waitingForWork(Callable<T> wait) throws Exception {
        return waitingForWork(wait, () -> false);
    }

    /**
     * Runs the kit's own wait for work on a driver thread: the thread counts as idle meanwhile, but
     * only while {@code workQueued} says no work was handed to it yet (a task queued for a thread that
     * has not taken it is work about to run).
     */
    public <T> T waitingForWork(Callable<T> wait, java.util.function.BooleanSupplier workQueued) throws Exception {
        DriverThread d = threads.computeIfAbsent(Thread.currentThread(), DriverThread::new);
        d.workQueued = workQueued;
        d.workWaitInterrupts = interruptsOf(d.thread);
        d.waitingForWork = true;
        Gate g = gate;
        if (g != null) {
            g.mayIdle(d.thread);
        }
        try {
            return wait.call();
        } finally {
            d.waitingForWork = false;
            epoch.incrementAndGet();
        }
    }

    /** How many times the driver's code interrupted {@code t}. */
    private long interruptsOf(Thread t) {
        java.util.concurrent.atomic.AtomicLong n = interrupts.get(t);
        return n == null ? 0 : n.get();
    }

    /**
     * The kit's wait for work on this thread goes on after an interrupt (a simulated {@code io_uring_enter} is retried on
     * {@code EINTR}): that interrupt was not the end of its wait, and the thread is idle again while it waits.
     */
    public void interruptIgnored() {
        DriverThread d = threads.get(Thread.currentThread());
        if (d != null) {
            d.workWaitInterrupts = interruptsOf(d.thread);
            epoch.incrementAndGet();
        }
    }

    /**
     * Registers a timeout of the simulated environment that a driver thread may wait on
     * ({@code getCqEvent(timeout)} on a completion channel): it runs on the device's time, which
     * passes only when the kit says so ({@link #passDeviceTimeouts()}).
     *
     * @param pass makes every timed wait pending now end as its timeout would; answers whether there was one
     */
    public void deviceTimeout(java.util.function.BooleanSupplier pass) {
        deviceTimeouts.add(pass);
    }

    /**
     * Lets the device's time pass: every timed wait on the environment pending now ends as its
     * timeout would. The kit calls it only when every driver thread is idle, as a clock that
     * advances to the next deadline would.
     *
     * @return whether some wait was pending
     */
    public boolean passDeviceTimeouts() {
        boolean any = false;
        for (java.util.function.BooleanSupplier pass : deviceTimeouts) {
            any |= pass.getAsBoolean();
        }
        if (any) {
            trace.add("kit", "every driver thread idle: the device's time passes, its timed waits end", null);
            epoch.incrementAndGet();
        }
        return any;
    }

    /** Tells the stuck detector what work is pending that no event will announce. */
    public void unannouncedWork(Supplier<List<String>> work) {
        this.unannouncedWork = work;
    }

    /** Places a hold: the first thread that passes a matching point stops there. */
    public Hold hold(String name, PointMatcher match) {
        return hold(name, match, false);
    }

    /**
     * Places a hold that also looks at the point where a thread is held now, before that thread runs on: a
     * window that holds a thread at a call and then, the situation changed, holds whoever makes that call
     * (CQ-9: the callback call of a handler held at it, once {@code close()} returned). A plain hold looks only
     * at the points threads reach after it was placed.
     */
    public Hold holdAlsoWhereHeld(String name, PointMatcher match) {
        return hold(name, match, true);
    }

    private Hold hold(String name, PointMatcher match, boolean alsoWhereHeld) {
        Hold h = new Hold(name, match);
        h.alsoWhereHeld = alsoWhereHeld;
        synchronized (holds) {
            h.placed = ++holdsPlaced;
            holds.add(h);
        }
        return h;
    }

    /** How many holds the window placed so far (each hold's {@code placed} is its number). */
    private volatile long holdsPlaced;

    /**
     * Starts recording the points driver threads pass (a window's first, unheld run shows where its
     * threads go); a thread's first {@value #MAX_RECORDED_PER_THREAD} points are kept, and past them the places it
     * passes for the first time ({@value #MAX_NEW_PLACES_PAST_CAP} at most).
     */
    public void startRecording() {
        recordedPerThread.clear();
        newPlacesPastCap.clear();
        occurrences.clear();
        recording = Collections.synchronizedList(new ArrayList<>());
    }

    /** Stops recording; the points recorded, in the order they were passed. */
    public List<Hit> stopRecording() {
        List<Hit> r = recording;
        recording = null;
        if (r == null) {
            return List.of();
        }
        synchronized (r) {
            return List.copyOf(r);
        }
    }

    /** How many points this thread has passed in this window: a thread that keeps passing points is running. */
    public long hitsOf(Thread t) {
        DriverThread d = threads.get(t);
        return d == null ? 0 : d.hits;
    }

    /** The holds recorded so far (distinct, in order). */
    public List<Evidence.Hold> holdRecords() {
        synchronized (holdRecords) {
            return List.copyOf(holdRecords);
        }
    }

    /** Puts back holds recorded earlier: a window that ran many trials shows those of the one that decided. */
    public void restoreHoldRecords(List<Evidence.Hold> records) {
        synchronized (holdRecords) {
            holdRecords.clear();
            holdRecords.addAll(records);
        }
    }

    /** Forgets the holds recorded so far: a window that runs many trials shows those of the trial that decided. */
    public void restartHoldRecords() {
        holdRecords.clear();
    }

    /** Records the evidence that the window opened: what fell inside which hold. */
    public void opened(String how) {
        this.opened = how;
        trace.addAlways("kit", OPENED + how, null);
    }

    /** Records that the driver tried to end the JVM. */
    void exitAttempted(String what) {
        misused(what + "; a driver must not end the JVM");
    }

    /**
     * The window runs on virtual time: from now on a driver thread that waits on the wall clock
     * (a timed sleep, wait, park or poll) or a thread the driver starts outside
     * {@code DriverContext.threadFactory()} makes the window ERROR.
     */
    public void useVirtualTime() {
        this.virtualTime = true;
    }

    /**
     * A driver thread threw {@code thrown}: when it is (or was caused by) an {@link OutOfMemoryError}
     * or a {@link StackOverflowError}, the window in progress is ERROR with a reason that names it and
     * where, rather than the point it then never reached. Never throws: the heap may still be short.
     */
    public static void threadDied(Thread thread, Throwable thrown) {
        try {
            WindowRun run = current;
            Throwable fatal = thrown;
            for (int depth = 0; fatal != null && !(fatal instanceof VirtualMachineError) && depth < 16; depth++) {
                fatal = fatal.getCause();
            }
            if (run == null || !(fatal instanceof OutOfMemoryError || fatal instanceof StackOverflowError)) {
                return;
            }
            StackTraceElement at = driverFrame(fatal.getStackTrace());
            run.misused("the driver's thread " + thread.getName() + " threw " + fatal
                    + (at == null ? "" : " at " + Site.format(at)) + "; the window cannot be judged");
        } catch (Throwable stillShort) {
            // no memory left even for the sentence: the window's own failure will have to say it
        }
    }

    /** Records something the driver did that the kit cannot judge around (the first one counts). */
    void misused(String what) {
        if (misuse == null) {
            misuse = what;
        }
        trace.add(what, null);
    }

    /**
     * The first thing the driver did in this window that makes any verdict meaningless — tried to
     * end the JVM, waited on the wall clock under virtual time, started a thread the kit does not
     * know — in one sentence with where, or {@code null}.
     */
    public String misuse() {
        return misuse;
    }

    /** A number that changes whenever a driver thread passes a point or a blocking call returns. */
    public long epoch() {
        return epoch.get();
    }

    /** Whether this thread is a driver thread of this window. */
    public boolean isTracked(Thread t) {
        return threads.containsKey(t);
    }

    /**
     * The driver threads on their way to their first point: alive and running (neither blocked, waiting, held nor
     * stopped by the scheduler), and past no point of the driver's code yet. A thread just started runs its first
     * statements (DiSNI's CQ thread sets its {@code running} flag, then calls {@code getCqEvent}) when the JVM
     * gets to it, later on a loaded machine: a close by the kit waits for them, so that it never races them.
     */
    public List<Thread> beforeTheirFirstPoint() {
        Gate g = gate;
        List<Thread> starting = new ArrayList<>();
        for (DriverThread d : threads.values()) {
            if (!d.pointPassed && !d.held && d.thread != Thread.currentThread()
                    && d.thread.getState() == Thread.State.RUNNABLE
                    && (g == null || !g.isPaused(d.thread))) {
                starting.add(d.thread);
            }
        }
        return starting;
    }

    /** Whether a driver thread is stopped by a hold now. */
    public boolean isHeld(Thread t) {
        DriverThread d = threads.get(t);
        return d != null && d.held;
    }

    /**
     * Whether a driver thread's hold was released but the thread has not run on yet: it still looks
     * parked, but it is about to run.
     */
    public boolean isResuming(Thread t) {
        DriverThread d = threads.get(t);
        Hold h = d == null ? null : d.heldBy;
        return h != null && !h.isHolding();
    }

    /** Forgets a hold that has done its work (a window that places one per trial). */
    public void forget(Hold h) {
        h.release();
        holds.remove(h);
    }

    /**
     * Threads started during this window that are still alive and not daemon threads: they would
     * keep the JVM alive after the kit is done. Each with where the driver started it, when it
     * started it itself. The threads of JUnit and Awaitility do not count.
     */
    public List<String> leakedThreads() {
        List<String> leaked = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (before.contains(t) || !t.isAlive() || t.isDaemon() || isKitThread(t.getName())) {
                continue;
            }
            String at = started.get(t);
            String exiting = "";
            if (isExiting(t)) {
                // a pool's worker past its last task: its pool may already report terminated (awaitTermination returned)
                // while the thread runs off its end; it runs no driver code any more, so it is waited for
                try {
                    t.join(EXITING_JOIN_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                if (!t.isAlive()) {
                    continue;
                }
                exiting = ", still alive " + EXITING_JOIN_MILLIS + " ms after it was seen in its exit or with no frames";
            }
            StackTraceElement[] stack = t.getStackTrace();
            if (!t.isAlive()) {
                continue; // it ended while the kit looked: seen in its exit a moment ago
            }
            StackTraceElement frame = stack.length == 0 ? null : driverFrame(stack);
            String where = stack.length == 0 ? "" : ", " + t.getState() + " in " + Site.format(frame != null ? frame : stack[0]);
            leaked.add("'" + t.getName() + "' (" + (at != null ? "started at " + at : "started by a thread pool or the JDK "
                    + "on the driver's behalf") + where + exiting + ")");
        }
        return leaked;
    }

    /**
     * Whether a thread has ended, as the kit's idleness reads it: the JVM's state says {@code TERMINATED}, or the
     * thread is not alive. The two disagree for a moment at a thread's end: the JVM sets the state first and clears
     * the thread's link to itself after (under the thread's lock, before it wakes its joiners), and an exiting thread
     * preempted between the two stays there for a scheduler's quantum on a loaded machine. The views count it ended
     * from its state; whatever judges "it has ended" must too, or a driver thread that ended reads as alive and idle
     * (sample's EL-3/second-wakeup: FAIL "the loop thread has not ended and every driver thread is idle" once in 187
     * runs at load 4).
     */
    public static boolean ended(Thread t) {
        return t.getState() == Thread.State.TERMINATED || !t.isAlive();
    }

    /**
     * Whether a thread is a JDK pool's worker with no driver code on its stack, waiting for its next task: the worker of
     * a scheduler the driver's code used (the context's), or of a pool whose task returned. It runs nothing of the
     * driver's until it is given a task.
     */
    public static boolean awaitsNextTask(Thread t) {
        StackTraceElement[] stack = t.getStackTrace();
        return stack.length > 0 && (poolQueue(stack) != null || forkJoinWait(stack));
    }

    /** How long a pool worker past its last task is waited for before it counts as left running. */
    static final long EXITING_JOIN_MILLIS = 5_000;

    /**
     * Whether a thread is on its way out with no driver code left to run: a worker of a pool that has terminated, a
     * pool worker in its exit ({@code ThreadPoolExecutor.processWorkerExit}, {@code ForkJoinPool.deregisterWorker}) or a thread in
     * {@code Thread.exit}, or a thread with no frames (past its {@code run}: zoo-cq-pool-shutdown's worker, seen so in 1
     * of 40 runs right after {@code awaitTermination} returned).
     */
    static boolean isExiting(Thread t) {
        java.util.concurrent.ThreadPoolExecutor pool = poolOf(t);
        if (pool != null && pool.isTerminated() || t instanceof java.util.concurrent.ForkJoinWorkerThread f
                && f.getPool().isTerminated()) {
            // its pool terminated: the worker runs no task any more, wherever on its way out it is (runWorker, Worker.run
            // or Thread.run returning: zoo-cq-pool-shutdown's worker, seen so in 4 of 300 runs at load 4 to 15)
            return true;
        }
        StackTraceElement[] stack = t.getStackTrace();
        return stack.length == 0 || java.util.Arrays.stream(stack).anyMatch(e ->
                e.getClassName().equals("java.util.concurrent.ThreadPoolExecutor") && e.getMethodName().equals("processWorkerExit")
                || e.getClassName().equals("java.util.concurrent.ForkJoinPool") && e.getMethodName().equals("deregisterWorker")
                || e.getClassName().equals("java.lang.Thread") && e.getMethodName().equals("exit"));
    }

    /** Threads of the kit's own libraries, which are not the driver's: JUnit's timeouts, Awaitility's polls. */
    private static boolean isKitThread(String name) {
        return name.startsWith("junit-") || name.startsWith("awaitility");
    }

    /**
     * Where a driver thread with no frame of the driver's code on its stack is, in words: a JDK pool's wait for its
     * next task, or the JDK class it is in (it is not "in kit code": a worker of the context's factory runs the kit's
     * wrapper at its bottom).
     */
    static String outsideTheDriver(StackTraceElement[] stack) {
        if (poolQueue(stack) != null || forkJoinWait(stack)) {
            return "a JDK pool's wait for its next task";
        }
        if (stack.length == 0) {
            return "no frame (not started, or ending)";
        }
        for (StackTraceElement e : stack) {
            String c = e.getClassName();
            if (!c.startsWith("java.") && !c.startsWith("jdk.") && !c.startsWith("sun.")) {
                return "kit code (" + Site.format(e) + ")";
            }
            if (!c.startsWith("java.lang.Thread") && !c.startsWith("jdk.internal.misc") && !c.startsWith("java.util.concurrent.locks")) {
                return "JDK code (" + e.getClassName() + "." + e.getMethodName() + ")";
            }
        }
        return "JDK code (" + stack[0].getClassName() + "." + stack[0].getMethodName() + ")";
    }

    /** Where driver threads are now, for a timeout: each thread's state and blocking call or top frame. */
    public String whereThreadsAre() {
        List<String> where = new ArrayList<>();
        int more = 0;
        java.util.Set<String> outside = new java.util.TreeSet<>();
        for (DriverThread d : byName()) {
            Thread t = d.thread;
            if (ended(t)) {
                continue;
            }
            if (where.size() >= ThreadDump.MAX_LISTED) {
                // a stack per thread is costly: with thousands of threads only the first few are described
                more++;
                continue;
            }
            String at = d.blockedIn;
            if (at == null) {
                StackTraceElement[] stack = t.getStackTrace();
                StackTraceElement top = driverFrame(stack);
                at = top == null ? outsideTheDriver(stack) : Site.format(top);
                // a thread in the kit's own wait for work (an environment's event queue) is seen whatever its top frame
                if (top != null && !d.waitingForWork && Agent.config() != null && !Agent.isInstrumented(top.getClassName())) {
                    outside.add(top.getClassName());
                }
            }
            where.add(t.getName() + " " + t.getState() + (d.held ? " (held)" : "") + (d.waitingForWork ? " waiting for work"
                    : " in " + at));
        }
        String deadlock = ThreadDump.deadlock(threads.keySet());
        return (deadlock == null ? "" : deadlock + "; ") + String.join("; ", where)
                + (more == 0 ? "" : "; … and " + more + " more")
                + StuckDetector.outsideInstrumentedPackages(outside, Agent.config() == null ? List.of() : Agent.config().packages());
    }

    /** Queues whose elements stay in them until a worker takes them: an empty one has no task for anybody. */
    private static final java.util.Set<String> HOLDING_QUEUES = java.util.Set.of(
            "java.util.concurrent.LinkedBlockingQueue", "java.util.concurrent.ArrayBlockingQueue",
            "java.util.concurrent.LinkedBlockingDeque", "java.util.concurrent.PriorityBlockingQueue");

    /** The queue of a {@code ScheduledThreadPoolExecutor} (the context's scheduler on the wall clock). */
    static final String DELAY_QUEUE = "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue";

    /**
     * The queue a JDK pool worker waits on for its next task, from its stack: no driver frame, and
     * {@code ThreadPoolExecutor.getTask} taking from it ({@link #DELAY_QUEUE} for a scheduled pool);
     * {@code null} for any other stack.
     */
    static String poolQueue(StackTraceElement[] stack) {
        if (driverFrame(stack) != null) {
            return null;
        }
        for (int i = 1; i < stack.length; i++) {
            if (stack[i].getClassName().equals("java.util.concurrent.ThreadPoolExecutor")
                    && stack[i].getMethodName().equals("getTask")) {
                String queue = stack[i - 1].getClassName();
                return queue.startsWith("java.util.concurrent.") ? queue : null;
            }
        }
        return null;
    }

    /**
     * Where a pool's worker is parked: the queue class its {@code ThreadPoolExecutor.getTask} waits in, or {@code null}
     * for a {@code ForkJoinPool}'s {@code awaitWork}.
     */
    private record PoolPark(String queue) {
    }

    /**
     * Whether a driver thread parked inside a JDK pool (no driver frame on its stack) waits for work its pool does not
     * have ({@code true}), or has work handed to it or under way ({@code false}: a worker just unparked that the JVM has
     * not run yet still reads WAITING), or is no pool's worker now ({@code null}). Virtual time reads it: a per-peer
     * executor's worker looked idle with its step queued, and time ran past it (a vendor's HS design).
     */
    public Boolean poolIdle(Thread t) {
        DriverThread d = threads.get(t);
        return d == null ? null : d.poolIdle();
    }

    /** Whether a stack, with no driver frame, is a {@code ForkJoinPool} worker's wait for its next task. */
    static boolean forkJoinWait(StackTraceElement[] stack) {
        if (driverFrame(stack) != null) {
            return false;
        }
        for (StackTraceElement e : stack) {
            if (e.getClassName().equals("java.util.concurrent.ForkJoinPool") && e.getMethodName().equals("awaitWork")) {
                return true;
            }
        }
        return false;
    }

    /**
     * A one-shot timer of a scheduled pool on the wall clock due within this many nanoseconds is work under way, not a
     * wait: a driver's "run this 1 ms later" or "drain once 10 ms after opening" fires before the kit takes its next
     * step, in every run, instead of before or after it as the machine's speed has it (a verdict that flipped with the
     * load: a twin whose only drain is a 10 ms one-shot timer was caught in 1 of 10 runs warm, 8 of 10 cold).
     */
    public static final long IMMINENT_TIMER_NANOS = java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(100);

    /**
     * Waits, once, for the one-shot timers that the scheduled pools of the driver's threads (the context's wall-clock
     * scheduler, a pool of the driver's own) hold now and that are due within {@code due}: until each has run, was
     * cancelled or was taken by a worker (the caller settles then), {@code stop} holds, or {@code slack} past the
     * latest of them. Timers they schedule in turn are not waited for (a timer that re-arms itself is a wait that ends by itself, as before), nor is a periodic one. A
     * search's first run waits so, so that the points of a timer due later than {@link #IMMINENT_TIMER_NANOS} are
     * recorded too: a coalescing endpoint that drains and re-arms from a 250 ms one-shot timer had none of its
     * drain's points tried, and its drain-then-arm twin PASSed every CQ-1 variant (an unseen vendor's driver).
     *
     * @return how many timers it waited for
     */
    public int awaitOneShotTimers(Duration due, Duration slack, java.util.function.BooleanSupplier stop) {
        java.util.Set<java.util.concurrent.ScheduledThreadPoolExecutor> pools =
                java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (DriverThread d : threads.values()) {
            java.util.concurrent.Executor p = d.pool instanceof java.util.concurrent.ScheduledThreadPoolExecutor ? d.pool
                    : poolOf(d.thread);
            if (p instanceof java.util.concurrent.ScheduledThreadPoolExecutor s) {
                pools.add(s);
            }
        }
        Map<java.util.concurrent.RunnableScheduledFuture<?>, java.util.concurrent.ScheduledThreadPoolExecutor> timers =
                new java.util.IdentityHashMap<>();
        long latest = 0;
        for (java.util.concurrent.ScheduledThreadPoolExecutor pool : pools) {
            for (Runnable r : pool.getQueue()) {
                if (oneShot(r) && r instanceof java.util.concurrent.RunnableScheduledFuture<?> f) {
                    long delay = f.getDelay(java.util.concurrent.TimeUnit.NANOSECONDS);
                    if (delay <= due.toNanos()) {
                        timers.put(f, pool);
                        latest = Math.max(latest, delay);
                    }
                }
            }
        }
        if (timers.isEmpty()) {
            return 0;
        }
        trace.add("kit", timers.size() + " one-shot timer(s) of the driver due within " + due.toMillis()
                + " ms: waited for", null);
        long deadline = System.nanoTime() + latest + slack.toNanos();
        // until each has run, or a worker took it (what it does then, a hold on its way included, is the settle's)
        while (!timers.entrySet().stream().allMatch(e -> e.getKey().isDone()
                || !e.getValue().getQueue().contains(e.getKey())) && !stop.getAsBoolean()
                && System.nanoTime() - deadline < 0) {
            java.util.concurrent.locks.LockSupport.parkNanos(200_000);
        }
        return timers.size();
    }

    /** A task of a scheduled pool's queue that runs once and is still to run (not periodic, not cancelled). */
    private static boolean oneShot(Runnable r) {
        return r instanceof java.util.concurrent.RunnableScheduledFuture<?> f && !f.isPeriodic() && !f.isDone();
    }

    /**
     * How a scheduled pool's worker waits, from its pool's delay queue: {@link Blocking#FOREVER} when
     * the queue is empty (it waits for work), the delay of the earliest task when that task is not
     * due yet (a timer: it wakes by itself then), {@link Blocking#NOT_BLOCKING} when a task is due
     * (it is about to run it) or a one-shot timer is due within {@link #IMMINENT_TIMER_NANOS}. A periodic
     * timer is never imminent: it would keep the driver from ever settling.
     */
    static long delayQueueWait(java.util.concurrent.ScheduledThreadPoolExecutor pool) {
        long earliest = Long.MAX_VALUE;
        // the queue's iterator is a snapshot: a task taken meanwhile makes the worker run, not wait
        for (Runnable r : pool.getQueue()) {
            if (r instanceof java.util.concurrent.Delayed d) {
                long delay = d.getDelay(java.util.concurrent.TimeUnit.NANOSECONDS);
                if (oneShot(r) && delay <= IMMINENT_TIMER_NANOS) {
                    return Blocking.NOT_BLOCKING;
                }
                earliest = Math.min(earliest, delay);
            } else {
                return Blocking.NOT_BLOCKING;
            }
        }
        if (earliest == Long.MAX_VALUE) {
            return Blocking.FOREVER;
        }
        return earliest <= 0 ? Blocking.NOT_BLOCKING : earliest;
    }

    private static String describe(Object o) {
        return o.getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(o));
    }

    private static List<Thread> optional(Thread t) {
        return t == null ? List.of() : List.of(t);
    }

    private static StackTraceElement driverFrame(StackTraceElement[] stack) {
        for (StackTraceElement e : stack) {
            String c = e.getClassName();
            if (!c.startsWith("java.") && !c.startsWith("jdk.") && !c.startsWith("sun.")
                    && !AgentConfig.isKitClass(c) && !c.startsWith("org.junit.") && !c.startsWith("org.awaitility.")) {
                return e;
            }
        }
        return null;
    }

    /** How the trace's event that says how the window opened begins. */
    public static final String OPENED = "window opened: ";

    /** How the window opened, or {@code null} if it has not. */
    public String openedHow() {
        return opened;
    }

    /** The evidence of this run. */
    public Evidence evidence() {
        return new Evidence(opened != null, List.copyOf(holdRecords), pointsHit.get(), Agent.instrumentedClasses());
    }

    /**
     * Whether a thread is blocked inside a synchronisation call the driver made (not held by a
     * script, not waiting for its next task).
     */
    public boolean isBlockedInDriver(Thread t) {
        DriverThread d = threads.get(t);
        return d != null && d.view().isBlockedInDriver();
    }

    /**
     * Whether the driver is stuck: every driver thread idle beyond the bound while work is pending
     * that nothing will announce; confirmed on two snapshots with no driver activity between them.
     */
    public Optional<String> stuck() {
        long before = epoch.get();
        Optional<String> first = judge();
        if (first.isEmpty()) {
            return first;
        }
        Thread.onSpinWait();
        Optional<String> second = judge();
        return epoch.get() == before ? second : Optional.empty();
    }

    private Optional<String> judge() {
        return StuckDetector.judge(views(), unannouncedWork.get(), bound);
    }

    /** The driver threads by name (then id): what a verdict lists is the same in every run of a schedule. */
    private List<DriverThread> byName() {
        List<DriverThread> all = new ArrayList<>(threads.values());
        all.sort(java.util.Comparator.comparing((DriverThread d) -> d.thread.getName()).thenComparingLong(d -> d.thread.getId()));
        return all;
    }

    /** What the engine knows of every driver thread now, by name (then id). */
    public List<StuckDetector.ThreadView> views() {
        return views(byName());
    }

    /** What the engine knows of these driver threads now, in their order. */
    private List<StuckDetector.ThreadView> views(java.util.Collection<DriverThread> drivers) {
        // an ended thread is idle and does nothing: a window that ran many trials has many. A plain loop: a
        // scheduler looks at every decision, and a stream pipeline cost several times as much before the JIT
        List<StuckDetector.ThreadView> views = new ArrayList<>();
        for (DriverThread d : drivers) {
            // a thread not started yet (made by the context's factory, its start behind a point of its starter)
            // runs nothing and owns nothing: the driver may settle with it, and it is never stuck
            Thread.State s = d.thread.getState();
            if (s != Thread.State.TERMINATED && s != Thread.State.NEW) {
                views.add(d.view());
            }
        }
        if (asyncStages.pending()) {
            // its task is on its way to a pool thread inside the JDK: the driver is running, as a thread would be
            views.add(new StuckDetector.ThreadView(-1, ASYNC_STAGE, Thread.State.RUNNABLE, false, false, null,
                    Blocking.NOT_BLOCKING, false, false, List.of(), null, null));
        }
        return Collections.unmodifiableList(views);
    }

    /**
     * Whether every driver thread is idle beyond the bound (nothing will happen until the kit acts or
     * a timeout longer than the bound expires), confirmed on two snapshots with no activity between.
     */
    public boolean allIdle() {
        return allIdle(bound);
    }

    /**
     * As {@link #allIdle()}, with another bound: a thread in a timed wait that ends sooner than
     * {@code beyond} will wake by itself, so it is not idle.
     */
    public boolean allIdle(Duration beyond) {
        long before = epoch.get();
        if (StuckDetector.allIdle(views(), beyond).isEmpty()) {
            return false;
        }
        Thread.onSpinWait();
        return StuckDetector.allIdle(views(), beyond).isPresent() && epoch.get() == before;
    }

    /**
     * Whether the driver may have settled, read off the threads' JVM states and work queues alone:
     * {@code false} when a driver thread that neither a hold nor the gate stops is running, or waits for work while work is queued for it, which {@link #settle} never counts
     * as settled. Far cheaper than {@link #settle}, for a scheduler that
     * watches the driver until it settles: it looks closer only when this says yes.
     */
    public boolean maySettle() {
        Gate g = gate;
        for (DriverThread d : threads.values()) {
            if (d.held || g != null && g.isPaused(d.thread)) {
                continue;
            }
            Thread.State s = d.thread.getState();
            // a thread not started yet (NEW) runs nothing: its starter, running or stopped before its start, says
            // whether the driver settled. Once start() returned it is RUNNABLE, whatever the new thread did yet
            if (s == Thread.State.RUNNABLE || d.waitingForWork && d.workQueued.getAsBoolean()) {
                return false; // running, or about to take the work handed to it
            }
        }
        return true;
    }

    /**
     * Whether every driver thread the kit does not hold has settled (see {@link StuckDetector#settle}),
     * confirmed on two snapshots with no activity between; with the threads the kit's holds stall.
     */
    public StuckDetector.Settle settle() {
        long before = epoch.get();
        StuckDetector.Settle first = settleNow();
        if (!first.settled()) {
            return first;
        }
        Thread.onSpinWait();
        StuckDetector.Settle second = settleNow();
        return epoch.get() == before ? second : new StuckDetector.Settle(false, second.stalled(), second.stalledIds(),
                second.contended());
    }

    /**
     * One snapshot's settle test. Whether the driver settled does not depend on the threads' order, only the
     * words of two or more stalled threads do: the threads are put in order by name only then, not at every
     * look of a scheduler (the sort was most of a look before the JIT compiled it).
     */
    private StuckDetector.Settle settleNow() {
        StuckDetector.Settle s = StuckDetector.settle(views(threads.values()));
        return s.stalled().size() < 2 ? s : StuckDetector.settle(views());
    }

    /** The name of the view that stands for an async stage's task on its way to a pool thread inside the JDK. */
    static final String ASYNC_STAGE = "an async stage of a CompletableFuture, handed to its pool inside the JDK";

    /** Whether an async stage's task is on its way to a pool thread inside the JDK now ({@link AsyncStages}). */
    public boolean asyncStagePending() {
        return asyncStages.pending();
    }

    /**
     * Whether a thread blocked in a call has been reached by a wake since it entered it (a signal, a
     * notify, an unpark, ...): it looks parked, but it is about to run.
     */
    public boolean isWoken(Thread t) {
        DriverThread d = threads.get(t);
        return d != null && d.woken();
    }

    // ---- called by Points ----

    /** A driver call that passes a point; {@code at} its call site when the agent wrote it down, else found here. */
    Object call(Point.Kind kind, Target target, Object[] args, MethodHandle original, String at) throws Throwable {
        Thread t = Thread.currentThread();
        if (isForeign(t)) {
            return Points.invoke(original, args);
        }
        DriverThread d = threads.computeIfAbsent(t, DriverThread::new);
        Point p = new Point(kind, target.display(), Site.callerUnless(at));
        Thread startedHere = null;
        if (kind == Point.Kind.SYNC_CALL && "start".equals(target.method()) && args.length > 0
                && args[0] instanceof Thread started0) {
            if (p.at() != null) {
                started.put(started0, p.at());
            }
            if (virtualTime && !threads.containsKey(started0)) {
                misused("the driver started thread '" + started0.getName() + "' at " + p.at() + " outside "
                        + "DriverContext.threadFactory(): the kit cannot know when it is idle, so virtual time cannot "
                        + "advance around it");
                throw new DriverExit("thread started outside DriverContext.threadFactory() at " + p.at());
            }
            if (!threads.containsKey(started0)) {
                // a thread the driver starts itself (DiSNI's new Thread(this)) is a driver thread from its start, not
                // from its first point: until then it runs code the kit does not see, and the driver has not settled
                track(started0);
                startedHere = started0;
                if (gate != null) {
                    beginsStopped(started0);
                }
            }
        }
        Thread joins = kind == Point.Kind.SYNC_CALL && args.length == 1 && args[0] instanceof Thread j
                && "join".equals(target.method()) && "java.lang.Thread".equals(target.owner()) ? j : null;
        d.joining = joins;
        hit(d, p, false, args, null);
        long timeout = kind == Point.Kind.SYNC_CALL ? Blocking.timeoutNanos(target, args) : Blocking.NOT_BLOCKING;
        Object wakeKey = kind == Point.Kind.SYNC_CALL ? Wakes.wakeKey(target, args) : null;
        if (wakeKey instanceof Thread interrupted && "interrupt".equals(target.method())
                && "java.lang.Thread".equals(target.owner())) {
            interrupts.computeIfAbsent(interrupted, k -> new java.util.concurrent.atomic.AtomicLong()).incrementAndGet();
        }
        if (wakeKey != null) {
            // before the call: the thread it wakes must not look idle for a moment after it
            wakes.begin(wakeKey);
            if (wakeKey instanceof java.util.concurrent.Executor e) {
                executors.add(e);
                d.handingTo = e;
                handedOffToAny.incrementAndGet();
            }
        }
        Object awaitLock = null;
        int awaitDepth = 0;
        if (kind == Point.Kind.SYNC_CALL) {
            locks.beforeCall(target, args, t);
            if (args.length > 0 && args[0] instanceof java.util.concurrent.locks.Condition c
                    && target.method().startsWith("await")) {
                awaitLock = locks.lockOf(c);
                awaitDepth = locks.releaseForAwait(awaitLock, t);
            }
        }
        if (virtualTime && timeout != Blocking.NOT_BLOCKING && timeout != Blocking.FOREVER && timeout > 0) {
            misused("the driver waits on the wall clock: " + p.target() + " (" + Blocking.describe(timeout) + ") at "
                    + p.at() + " on thread " + t.getName() + "; under the kit's virtual time a timeout must be a timer "
                    + "of DriverContext.scheduler()");
            throw new DriverExit("wall-clock wait at " + p.at());
        }
        Object result;
        if (timeout != Blocking.NOT_BLOCKING) {
            Gate g = gate;
            if (g != null) {
                g.mayIdle(t);
            }
            Object key = Wakes.waitKey(target, args, t);
            d.waitTarget = target;
            d.waitArgs = args;
            d.waitKey = key;
            d.selfWake = key == wakeKey ? 1 : 0;
            d.waitKeyWakes = wakes.count(key);
            d.selfWakes = wakes.count(t);
            d.acquiring = key == Wakes.ANY_LOCK;
            d.timeoutNanos = timeout;
            d.blockedIn = p.target() + " at " + p.at();
        }
        // a JDK pool with its default thread factory starts a worker inside the hand-off, where the kit sees no
        // Thread.start: the threads that appear meanwhile are the driver's from their start, as the context factory's
        java.util.Set<Thread> beforeHandOff = wakeKey instanceof java.util.concurrent.Executor
                && Wakes.isPoolHandOff(target.method()) ? groupThreads(t) : null;
        Object asyncStage = kind == Point.Kind.SYNC_CALL ? asyncStages.before(target, args) : null;
        try {
            result = Points.invoke(original, args);
            asyncStages.made(asyncStage, result);
            if (kind == Point.Kind.SYNC_CALL) {
                locks.afterCall(target, args, result, t);
                wakes.handedOff(target, args, result); // before the blocked state is cleared below
            }
        } catch (Throwable e) {
            if (startedHere != null && startedHere.getState() == Thread.State.NEW) {
                threads.remove(startedHere); // it never ran: a thread that stays NEW would never settle
            }
            throw e;
        } finally {
            d.joining = null;
            if (awaitDepth > 0) {
                locks.reacquiredAfterAwait(awaitLock, t, awaitDepth);
            }
            if (wakeKey != null) {
                if (beforeHandOff != null) {
                    trackStartedSince(beforeHandOff, t);
                }
                if (wakeKey instanceof java.util.concurrent.Executor) {
                    d.handingTo = null;
                }
                wakes.end(wakeKey);
            }
            if (timeout != Blocking.NOT_BLOCKING) {
                d.blockedIn = null;
                d.timeoutNanos = Blocking.NOT_BLOCKING;
                d.waitKey = null;
                d.waitArgs = null;
                epoch.incrementAndGet();
            }
        }
        if (kind == Point.Kind.ENVIRONMENT_CALL) {
            trace.add("return " + p.target() + " -> " + Values.describe(result), p.at());
        }
        d.afterBlocking = kind == Point.Kind.ENVIRONMENT_CALL || timeout != Blocking.NOT_BLOCKING;
        hit(d, p, true, args, result);
        return result;
    }

    /** The live threads of a thread's group: where a JDK pool's default thread factory makes its workers. */
    private static java.util.Set<Thread> groupThreads(Thread t) {
        ThreadGroup group = t.getThreadGroup();
        if (group == null) {
            return java.util.Set.of();
        }
        Thread[] all = new Thread[group.activeCount() + 8];
        int n = group.enumerate(all, true);
        java.util.Set<Thread> live = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        live.addAll(java.util.Arrays.asList(all).subList(0, n));
        return live;
    }

    /** Tracks the threads of {@code t}'s group started since {@code before} that the kit does not know yet. */
    private void trackStartedSince(java.util.Set<Thread> before, Thread t) {
        for (Thread started : groupThreads(t)) {
            DriverThread known = threads.get(started);
            // a worker that reached its first point before the hand-off returned is known already, without its pool
            if (before.contains(started) || retired.contains(started) || !started.isAlive()) {
                continue;
            }
            if (known == null) {
                track(started);
            } else if (known.pool == null && threads.get(t) != null && threads.get(t).handingTo != null) {
                // it reached a point of its first task before the hand-off returned: it has taken that task
                known.pool = threads.get(t).handingTo;
                known.handOffsSeen();
            }
        }
    }

    void spi(Point.Kind kind, String method, Object[] arguments, Throwable thrown, String at) {
        if (isForeign(Thread.currentThread())) {
            return;
        }
        DriverThread d = threads.computeIfAbsent(Thread.currentThread(), DriverThread::new);
        Point p = new Point(kind, method, Site.callerUnless(at));
        if (thrown != null) {
            trace.add(p.describe() + " by throwing " + thrown, p.at());
        }
        hit(d, p, false, arguments, null);
    }

    /**
     * Before a driver thread takes a monitor ({@code synchronized}). Under an exploration a point of the scheduler
     * only: a thread another one woke (a notify, the monitor's release) would otherwise race the running thread for the
     * monitor, and which one won would decide the next options, not the seed. In scripted windows a point like a
     * call's, recorded and holdable: a design that decides in one critical section and acts in a second has its race
     * between the two, where nothing else is a point.
     */
    void monitorEnter(String at) {
        Gate g = gate;
        Thread t = Thread.currentThread();
        if (isForeign(t)) {
            return;
        }
        DriverThread d = threads.computeIfAbsent(t, DriverThread::new);
        if (g == null) {
            hit(d, new Point(Point.Kind.SYNC_CALL, MONITOR, Site.callerUnless(at)), false, NO_ARGUMENTS, null);
            d.atMonitorPoint = true;
            return;
        }
        epoch.incrementAndGet();
        d.hits++;
        // it runs driver code: a pool's worker whose only point is this one has taken its task
        d.handOffsSeen();
        g.pause(t, new Point(Point.Kind.SYNC_CALL, MONITOR, Site.callerUnless(at)), false);
        d.atMonitorPoint = true;
        epoch.incrementAndGet();
    }

    /** A monitor point's target: {@code sync synchronized} in traces. */
    static final String MONITOR = "synchronized";

    private static final Object[] NO_ARGUMENTS = {};

    /**
     * A driver thread is about to take a step on shared memory that neither blocks nor wakes (a volatile field's
     * write, a VarHandle's access, a call to a non-blocking collection of java.util.concurrent): a point like a call's.
     */
    void memoryPoint(Point.Kind kind, String target, String at) {
        Thread t = Thread.currentThread();
        if (isForeign(t)) {
            return;
        }
        DriverThread d = threads.computeIfAbsent(t, DriverThread::new);
        hit(d, new Point(kind, target, Site.callerUnless(at)), false, NO_ARGUMENTS, null);
    }

    /**
     * What a thread of the context's factory runs: {@link #threadBegins()}, then the driver's task. A record, so the
     * driver's task stays readable off the thread ({@link #ownPool}: a JDK pool's worker made by the context's factory).
     */
    public record Begins(Runnable task) implements Runnable {
        @Override
        public void run() {
            threadBegins();
            task.run();
        }
    }

    /**
     * First thing on a thread the context's factory made, before the driver's code runs on it: under an
     * exploration a point of the scheduler only, so a thread the driver starts mid-schedule (an event
     * loop started from {@code openConnectionSetup}) is a controlled thread from its start and gets its
     * turns, and never runs unseen beside the thread that started it. Scripted windows neither hold nor
     * record it.
     */
    public static void threadBegins() {
        WindowRun run = current;
        if (run != null) {
            run.begins();
        }
    }

    private void begins() {
        Gate g = gate;
        Thread t = Thread.currentThread();
        if (g == null || isForeign(t) || !threads.containsKey(t)) {
            return;
        }
        DriverThread d = threads.get(t);
        epoch.incrementAndGet();
        d.hits++;
        d.handOffsSeen();
        g.pause(t, new Point(Point.Kind.SYNC_CALL, "thread begins", started.get(t)), false);
        epoch.incrementAndGet();
    }

    /** {@code Thread.target}, or {@code null} while {@code java.lang} is not open to the kit (the agent opens it). */
    private static final java.lang.reflect.Field TARGET = threadTarget();

    private static java.lang.reflect.Field threadTarget() {
        try {
            java.lang.reflect.Field f = Thread.class.getDeclaredField("target");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The pool whose worker {@code t} is, read off the thread ({@code Thread.target} is the pool's {@code Worker}), or
     * {@code null}: a plain {@code ThreadPoolExecutor} the driver hands work to through a JDK class (a
     * {@code SubmissionPublisher}'s executor), where the kit sees no {@code execute} of the driver's. Scheduled pools
     * are left out: their queue holds tasks that are not due.
     */
    static java.util.concurrent.ThreadPoolExecutor ownPool(Thread t) {
        java.util.concurrent.ThreadPoolExecutor p = poolOf(t);
        return p instanceof java.util.concurrent.ScheduledThreadPoolExecutor ? null : p;
    }

    /** The {@code ThreadPoolExecutor} (scheduled ones too) whose worker {@code t} is, read off the thread, or {@code null}. */
    private static java.util.concurrent.ThreadPoolExecutor poolOf(Thread t) {
        java.lang.reflect.Field pool = PoolOfWorker.FIELD;
        if (TARGET == null || pool == null) {
            return null;
        }
        try {
            Object target = TARGET.get(t);
            if (target instanceof Begins b) {
                target = b.task(); // a worker made by the context's factory
            }
            Object p = target != null && target.getClass() == pool.getDeclaringClass() ? pool.get(target) : null;
            return p instanceof java.util.concurrent.ThreadPoolExecutor tpe ? tpe : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** {@code ThreadPoolExecutor.Worker.this$0}, or {@code null} while {@code java.util.concurrent} is not open to the kit. */
    private static final class PoolOfWorker {
        static final java.lang.reflect.Field FIELD = field();

        private static java.lang.reflect.Field field() {
            try {
                java.lang.reflect.Field f = Class.forName("java.util.concurrent.ThreadPoolExecutor$Worker")
                        .getDeclaredField("this$0");
                f.setAccessible(true);
                return f;
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }
    }

    /**
     * Under an exploration, a thread the driver starts itself ({@code new Thread(runnable).start()}, DiSNI's
     * {@code new Thread(this)}) passes {@link #threadBegins} before its runnable runs, as a thread of the
     * context's factory does: its first statements (DiSNI's {@code running = true}) are the scheduler's to
     * order against the other threads', not a race the JVM decides between {@code start()} and its first
     * point. Its runnable is wrapped before it starts; a subclass of {@code Thread} with its own {@code run}
     * (no runnable to wrap), or a JVM that does not open {@code java.lang} to the kit, runs unseen up to its
     * first point, as before.
     */
    private static void beginsStopped(Thread t) {
        if (TARGET == null || t.getState() != Thread.State.NEW) {
            return;
        }
        try {
            if (t.getClass().getMethod("run").getDeclaringClass() != Thread.class) {
                return;
            }
            Runnable target = (Runnable) TARGET.get(t);
            if (target != null) {
                TARGET.set(t, new Begins(target));
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // left as it is: it is a driver thread from its start, controlled from its first point
        }
    }

    /**
     * On entry into a driver's {@code synchronized} method, before its monitor is taken: the monitor
     * point, unless its call site (driver code calling it) has just passed one.
     */
    void synchronizedMethod() {
        Gate g = gate;
        Thread t = Thread.currentThread();
        if (g == null || isForeign(t)) {
            return;
        }
        DriverThread d = threads.computeIfAbsent(t, DriverThread::new);
        if (d.atMonitorPoint) {
            d.atMonitorPoint = false;
            return;
        }
        monitorEnter(null);
        d.atMonitorPoint = false;
    }

    private void hit(DriverThread d, Point p, boolean isAfter, Object[] args, Object result) {
        if (!d.pointPassed) {
            d.pointPassed = true; // once: a volatile store at every point would cost the hot path
        }
        d.atMonitorPoint = false;
        epoch.incrementAndGet();
        d.hits++;
        d.handOffsSeen();
        List<Hit> r = recording;
        if (r != null) {
            String name = role(d.thread);
            // every pass is counted, so a place first passed after the cap still has its true occurrence
            int n = occurrences.merge(name + (isAfter ? " after " : " at ") + p, 1, Integer::sum) - 1;
            int passed = recordedPerThread.merge(name, 1, Integer::sum);
            if (passed <= MAX_RECORDED_PER_THREAD || n == 0 && newPlacesPastCap.merge(name, 1, Integer::sum)
                    <= MAX_NEW_PLACES_PAST_CAP) {
                r.add(new Hit(name, p, isAfter, n));
            }
        }
        if (!isAfter) {
            pointsHit.incrementAndGet();
            trace.add(p.describe() + Values.arguments(p, args), p.at());
        }
        // every hold looks at this point once; one placed with holdAlsoWhereHeld while this thread was held here
        // looks too, before the thread runs on
        long looked = holdsPlaced;
        boolean blocked = lookAtHolds(d, p, isAfter, args, result, 0, looked, false);
        while (blocked && holdsPlaced > looked) {
            long upTo = holdsPlaced;
            blocked = lookAtHolds(d, p, isAfter, args, result, looked, upTo, true);
            looked = upTo;
        }
        Gate g = gate;
        // after a call only where the call could block (or was the device's): the thread woken there stops
        // before it runs on; after any other call, its next point is as good a place and halves the decisions
        if (g != null && (!isAfter || d.afterBlocking)) {
            g.pause(d.thread, p, isAfter);
            epoch.incrementAndGet();
        }
    }

    /**
     * The holds placed after {@code from} and up to {@code upTo} (only those placed with holdAlsoWhereHeld when
     * {@code whereHeld}) look at a point; returns whether one held the thread.
     */
    private boolean lookAtHolds(DriverThread d, Point p, boolean isAfter, Object[] args, Object result, long from,
                                long upTo, boolean whereHeld) {
        boolean blocked = false;
        for (Hold h : holds) {
            if (h.placed <= from || h.placed > upTo || whereHeld && !h.alsoWhereHeld) {
                continue;
            }
            if (h.capture(d.thread, p, isAfter, args, result)) {
                blocked = true;
                d.held = true;
                d.heldBy = h;
                Evidence.Hold record = new Evidence.Hold(d.thread.getName(), (isAfter ? "after " : "") + p.describe(), p.at());
                synchronized (holdRecords) {
                    // a window that holds the same point once per trial keeps it once
                    if (holdRecords.size() < MAX_HOLD_RECORDS && !holdRecords.contains(record)) {
                        holdRecords.add(record);
                    }
                }
                trace.add("held " + (isAfter ? "after " : "at ") + p.describe() + " (" + h.name() + ")", p.at());
                try {
                    h.block();
                } finally {
                    d.held = false;
                    d.heldBy = null;
                    epoch.incrementAndGet();
                    trace.add("released (" + h.name() + ")", p.at());
                }
            }
        }
        return blocked;
    }

    /** Waits that an interrupt does not end. */
    private static final java.util.Set<String> UNINTERRUPTIBLE = java.util.Set.of("awaitUninterruptibly", "lock",
            "acquireUninterruptibly", "readLock", "writeLock", "join");

    private final class DriverThread {
        final Thread thread;
        volatile boolean held;
        volatile Hold heldBy;
        /** The call whose after-point it passes now could block, or was the environment's. */
        volatile boolean afterBlocking;
        volatile boolean waitingForWork;
        volatile java.util.function.BooleanSupplier workQueued = () -> false;
        volatile String blockedIn;
        volatile long timeoutNanos = Blocking.NOT_BLOCKING;
        volatile Object waitKey;
        /** 1 when the blocking call is itself a wake of what it waits on (a queue's take, a barrier's await). */
        volatile int selfWake;
        volatile Target waitTarget;
        volatile Object[] waitArgs;
        volatile long waitKeyWakes;
        volatile long selfWakes;
        /** The interrupts of this thread the driver made, when it began to wait for work. */
        volatile long workWaitInterrupts;
        volatile boolean acquiring;
        volatile long hits;
        /** It passed a point of the driver's code (not only the scheduler's {@code thread begins} or monitor points). */
        volatile boolean pointPassed;
        /** The plain pool whose worker it is, read off the thread once ({@link WindowRun#ownPool}); {@code null} until then. */
        volatile Optional<java.util.concurrent.ThreadPoolExecutor> ownPool;
        /** The thread it is about to join, or joins now, with no timeout ({@code Thread.join()}), or {@code null}. */
        volatile Thread joining;
        /** It passed a monitor point and has passed no other point since (a synchronized method's call site). */
        volatile boolean atMonitorPoint;
        /** {@link #topDriverFrame}'s last answer, and the points it had passed then. */
        volatile String blockedFrame;
        volatile long blockedFrameHits;
        /** The executor this thread is handing work to now, or {@code null}. */
        volatile java.util.concurrent.Executor handingTo;
        /** The pool whose worker this is, when it was made inside a hand-off the kit saw, or {@code null}. */
        volatile java.util.concurrent.Executor pool;
        /**
         * The hand-offs to its pool (to any pool when its pool is unknown) begun when it last passed a
         * point: one begun before is under way (then nobody is idle) or queued a task that this worker
         * will find without parking, or another worker took.
         */
        volatile long poolHandOffsAtPoint;
        volatile long anyHandOffsAtPoint;

        /** It runs driver code now: any task handed off before it is one it has taken, or another worker has. */
        void handOffsSeen() {
            java.util.concurrent.Executor p = pool;
            poolHandOffsAtPoint = p == null ? 0 : wakes.count(p);
            anyHandOffsAtPoint = handedOffToAny.get();
        }

        DriverThread(Thread thread) {
            this.thread = thread;
            handOffsSeen();
        }

        /** Whether a wake that can end its blocking call happened since it entered the call. */
        boolean woken() {
            if (blockedIn == null) {
                return false;
            }
            Object key = waitKey;
            if (key == null) {
                return false;
            }
            // a SynchronousQueue's put under way is no wake of another put: the opposite call says (handOffMet)
            boolean handOff = key instanceof java.util.concurrent.SynchronousQueue<?>;
            if (!handOff && wakes.inFlight(key) - selfWake > 0 || wakes.count(thread) != selfWakes) {
                return true; // a wake under way, or an interrupt or unpark of this very thread
            }
            Target target = waitTarget;
            if (thread.isInterrupted() && target != null && !UNINTERRUPTIBLE.contains(target.method())) {
                // an interrupt the JDK sent, where the kit sees no call (shutdownNow, Future.cancel(true)), ends the wait
                return true;
            }
            Object[] a = waitArgs;
            if (a == null || target == null) {
                return true; // the call is returning
            }
            if (handOff) {
                return handOffMet(key, target);
            }
            Boolean ready = Wakes.ready(target, a, thread);
            return ready != null ? ready : wakes.count(key) != waitKeyWakes;
        }

        /**
         * A {@code SynchronousQueue} holds nothing to read: a {@code put} blocks until a {@code take} meets it and the
         * other way round, so a blocked thread can go on when another driver thread is blocked in the opposite call
         * on the same queue, or when the opposite call of a hand-off has returned and its own not yet. Two threads
         * blocked putting into one queue, with nobody taking, are idle (an unseen vendor's control thread fed by a
         * SynchronousQueue was never idle, or judged idle while a hand-off was under way).
         */
        private boolean handOffMet(Object handOff, Target target) {
            boolean taking = target.method().startsWith("take") || target.method().startsWith("poll");
            long pending = wakes.handOffsPending(handOff);
            if (taking ? pending > 0 : pending < 0) {
                // the other side returned, this one has not yet: a control thread whose take had its command
                // looked idle until it ran, and virtual time ran past its work (corvid-hs-control HS-1 ERROR)
                return true;
            }
            for (DriverThread other : threads.values()) {
                Target t = other.waitTarget;
                Object[] a = other.waitArgs;
                if (other != this && other.blockedIn != null && t != null && a != null && a.length > 0
                        && a[0] == handOff && other.thread.isAlive()
                        && (taking ? t.method().startsWith("put") || t.method().startsWith("offer")
                        : t.method().startsWith("take") || t.method().startsWith("poll"))) {
                    return true;
                }
            }
            return false;
        }

        StuckDetector.ThreadView view() {
            // whether work is queued is read before the state: a thread that took its work after this read
            // is RUNNABLE below, never WAITING with its queue already empty
            // an interrupt of a thread that waits for work, made by the driver since the wait began, ends that wait as
            // work would: a close() that interrupts its event thread, then joins it, was judged unable to return while
            // the interrupt was on its way to the thread. An unpark does not (the wait parks again: a stale unpark of
            // the application's thread by a callback design kept zoo-cq-inflight from ever settling)
            boolean queued = waitingForWork && (workQueued.getAsBoolean()
                    || interruptsOf(thread) != workWaitInterrupts || thread.isInterrupted());
            Thread.State state = thread.getState();
            boolean blocked = blockedIn != null;
            boolean woke = blocked && woken();
            // a signalled await reacquires its lock: then it waits for that lock's owner
            boolean acq = blocked && (acquiring || woke && state != Thread.State.RUNNABLE
                    && java.util.concurrent.locks.LockSupport.getBlocker(thread)
                            instanceof java.util.concurrent.locks.AbstractOwnableSynchronizer);
            List<Long> owners = new ArrayList<>();
            String lock = null;
            if (state == Thread.State.BLOCKED || acq) {
                java.lang.management.ThreadInfo info = THREADS.getThreadInfo(thread.getId());
                if (info != null) {
                    if (info.getLockOwnerId() >= 0) {
                        owners.add(info.getLockOwnerId());
                    }
                    lock = info.getLockName();
                }
                if (acq) {
                    // the JVM names no owner for a lock held for reading or a stamped lock: the kit's own record does
                    Object[] a = waitArgs;
                    Object waitedOn = a != null && a.length > 0 ? a[0] : null;
                    Object acquired = waitedOn instanceof java.util.concurrent.locks.Condition c ? locks.lockOf(c) : waitedOn;
                    for (Thread o : locks.holders(acquired, thread)) {
                        if (!owners.contains(o.getId())) {
                            owners.add(o.getId());
                        }
                    }
                    if (lock == null && acquired != null) {
                        lock = describe(acquired);
                    }
                }
            } else if (woke && state != Thread.State.RUNNABLE) {
                // signalled or notified, it must take its lock or monitor back before it returns
                Object[] a = waitArgs;
                Object waitedOn = a != null && a.length > 0 ? a[0] : null;
                List<Thread> o = waitedOn instanceof java.util.concurrent.locks.Condition c
                        ? locks.holders(locks.lockOf(c), thread)
                        : waitedOn != null && "wait".equals(waitTarget == null ? null : waitTarget.method())
                        ? optional(monitorOwner(waitedOn)) : List.of();
                if (!o.isEmpty()) {
                    acq = true;
                    o.forEach(x -> owners.add(x.getId()));
                    lock = waitedOn instanceof java.util.concurrent.locks.Condition c ? "the lock of " + c
                            : "the monitor of " + describe(waitedOn);
                }
            }
            Hold h = heldBy;
            // a released thread that has not run on yet is neither held nor idle
            Gate g = gate;
            // a thread the exploration's scheduler stopped at a point counts as held
            boolean holding = held && h != null && h.isHolding() || g != null && g.isPaused(thread);
            PoolPark park = !blocked && !held && !holding && !waitingForWork && (state == Thread.State.WAITING
                    || state == Thread.State.TIMED_WAITING) ? poolPark() : null;
            long inPool = park == null ? Blocking.NOT_BLOCKING : poolWait(park);
            boolean waiting = waitingForWork && !queued || inPool == Blocking.FOREVER;
            // a scheduled pool's worker waiting for a timer that is not due: a timed wait of that long
            boolean timer = !waiting && inPool != Blocking.NOT_BLOCKING;
            return new StuckDetector.ThreadView(thread.getId(), thread.getName(), state, holding, waiting,
                    blocked ? blockedIn : timer ? "a scheduled pool's wait for its next timer"
                            : (state == Thread.State.BLOCKED ? "synchronized at " + topDriverFrame() : null),
                    // no owner, nearly always: the view's copy of the list is then taken at once
                    blocked ? timeoutNanos : timer ? inPool : Blocking.NOT_BLOCKING, woke && !acq, acq,
                    owners.isEmpty() ? List.of() : owners, lock, h != null && h.point() != null ? h.point().at() : null);
        }

        /** Where it is parked as a JDK pool's worker, with no driver frame on its stack, or {@code null} when it is not. */
        private PoolPark poolPark() {
            StackTraceElement[] stack = thread.getStackTrace();
            String queue = WindowRun.poolQueue(stack);
            if (queue != null) {
                return new PoolPark(queue);
            }
            return thread instanceof java.util.concurrent.ForkJoinWorkerThread && WindowRun.forkJoinWait(stack)
                    ? new PoolPark(null) : null;
        }

        /**
         * Whether it is parked as a JDK pool's worker that has no work ({@code true}), one whose pool has work for it
         * or a hand-off under way ({@code false}: it is about to run, though it still looks parked), or is no such
         * worker now ({@code null}).
         */
        Boolean poolIdle() {
            if (blockedIn != null || held || waitingForWork) {
                return null;
            }
            PoolPark park = poolPark();
            return park == null ? null : poolWait(park) == Blocking.FOREVER;
        }

        /**
         * How this thread waits as a worker of a JDK thread pool, with no driver frame, parked in
         * {@code ThreadPoolExecutor.getTask} while no hand-off to an executor is under way:
         * {@link Blocking#FOREVER} when its pool has nothing for it (an empty queue where the queue
         * holds the pool's tasks, else no hand-off to the pool begun since the worker last ran driver
         * code: a task handed over and not taken yet leaves no other trace), the delay of a scheduled
         * pool's earliest timer when none is due, else {@link Blocking#NOT_BLOCKING} (not a pool's
         * worker, or one with work). A worker of a pool the kit saw no hand-off make is judged by every
         * pool's queue and every hand-off.
         */
        private long poolWait(PoolPark park) {
            String queue = park.queue();
            boolean forkJoin = queue == null;
            for (java.util.concurrent.Executor e : executors) {
                if (wakes.inFlight(e) > 0) {
                    return Blocking.NOT_BLOCKING;
                }
            }
            if (forkJoin) {
                // a ForkJoinPool's worker parks in awaitWork (with the pool's keep-alive) only when it found no task
                // to take or steal: idle while its pool has none queued
                java.util.concurrent.ForkJoinPool fj = ((java.util.concurrent.ForkJoinWorkerThread) thread).getPool();
                return fj.isShutdown() || fj.hasQueuedSubmissions() || fj.getQueuedTaskCount() > 0
                        ? Blocking.NOT_BLOCKING : Blocking.FOREVER;
            }
            if (thread.isInterrupted()) {
                return Blocking.NOT_BLOCKING; // interrupted (shutdown, shutdownNow): its park returns, it looks again
            }
            if (pool instanceof java.util.concurrent.ExecutorService es ? es.isShutdown() && !es.isTerminated()
                    : pool == null && executors.stream().anyMatch(e -> e instanceof java.util.concurrent.ExecutorService es
                            && es.isShutdown() && !es.isTerminated())) {
                return Blocking.NOT_BLOCKING; // its pool (or, unknown, a pool) was shut down: a worker with nothing to do ends
            }
            java.util.concurrent.Executor p = pool;
            if (HOLDING_QUEUES.contains(queue)) {
                // the worker's own pool's queue holds every task handed to it that no worker took yet, whoever handed
                // it (a JDK class too) and behind whatever wrapper (Executors.newSingleThreadExecutor): read it where
                // it can be read off the worker. A count of hand-offs against the points the worker passed since
                // cannot tell a task that passes no point (a replay of nothing) from one not taken yet
                if (ownPool == null) {
                    ownPool = Optional.ofNullable(WindowRun.ownPool(thread));
                }
                p = ownPool.isPresent() ? ownPool.get() : p;
            }
            if (queue.equals(DELAY_QUEUE)) {
                // its delay queue holds every task handed to it that is not running: empty, it waits for work;
                // a scheduled pool the kit cannot name (the driver's own, made by a schedule call) is never idle
                return p instanceof java.util.concurrent.ScheduledThreadPoolExecutor s ? delayQueueWait(s)
                        : Blocking.NOT_BLOCKING;
            }
            boolean idle;
            if (p instanceof java.util.concurrent.ThreadPoolExecutor tpe && HOLDING_QUEUES.contains(queue)) {
                // its own queue holds every task handed to it that no worker took yet
                idle = tpe.getQueue().isEmpty();
            } else if (p != null) {
                // a wrapper (Executors.newSingleThreadExecutor) or a direct hand-off: a task handed to the
                // pool after this worker last ran driver code may be one it has not taken yet
                idle = wakes.count(p) == poolHandOffsAtPoint;
            } else {
                idle = handedOffToAny.get() == anyHandOffsAtPoint;
                for (java.util.concurrent.Executor e : executors) {
                    if (e instanceof java.util.concurrent.ThreadPoolExecutor tpe && !tpe.getQueue().isEmpty()) {
                        idle = false;
                    }
                }
            }
            return idle ? Blocking.FOREVER : Blocking.NOT_BLOCKING;
        }

        /** The driver thread that holds this object's monitor now, or {@code null}. */
        private Thread monitorOwner(Object monitor) {
            int hash = System.identityHashCode(monitor);
            for (DriverThread other : threads.values()) {
                if (other == this || !other.thread.isAlive()) {
                    continue;
                }
                java.lang.management.ThreadInfo[] infos = THREADS.getThreadInfo(new long[] {other.thread.getId()}, true,
                        false);
                if (infos.length == 1 && infos[0] != null) {
                    for (java.lang.management.MonitorInfo m : infos[0].getLockedMonitors()) {
                        if (m.getIdentityHashCode() == hash && m.getClassName().equals(monitor.getClass().getName())) {
                            return other.thread;
                        }
                    }
                }
            }
            return null;
        }

        /**
         * Where it is blocked on a monitor, in words: its top driver frame. Read off its stack (the JVM stops every thread
         * to take another thread's stack), once per place under an exploration: there every monitor the driver's code
         * enters is a point, so a thread that passed no point since it was last read is blocked under the same driver frame
         * (a monitor inside the JDK is entered under the driver's call). Scripted windows read it every time.
         */
        private String topDriverFrame() {
            long at = hits;
            String known = blockedFrame;
            if (known != null && blockedFrameHits == at && gate != null) {
                return known;
            }
            StackTraceElement[] stack = thread.getStackTrace();
            StackTraceElement e = driverFrame(stack);
            if (e == null) {
                return outsideTheDriver(stack); // the kit's or the JDK's own monitors: read each time
            }
            String frame = Site.format(e);
            blockedFrameHits = at;
            blockedFrame = frame;
            return frame;
        }
    }

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
}
