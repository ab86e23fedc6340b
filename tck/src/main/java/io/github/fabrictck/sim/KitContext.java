package io.github.fabrictck.sim;

import io.github.fabrictck.engine.VirtualScheduler;
import io.github.fabrictck.engine.VirtualTime;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.engine.Worker;
import io.github.fabrictck.spi.DriverContext;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The {@link DriverContext} of one window: every thread the driver starts is known to the engine;
 * timers run on a scheduler whose thread comes from the same factory. On {@link VirtualTime} the
 * clock reads virtual time and the timers are its events. Outside a window (a benchmark without the
 * agent) the threads are simply daemon threads.
 */
public final class KitContext implements DriverContext, AutoCloseable {

    private final Consumer<Thread> tracker;
    private final AtomicInteger count = new AtomicInteger();
    /** The driver's threads: each passes a point of the exploration's scheduler before the driver's code runs on it. */
    private final ThreadFactory factory = r -> newThread(new WindowRun.Begins(r));
    private final VirtualTime time;
    private final String name;
    private final Executor timers;
    private final Runnable firstTimerArmed;
    private ScheduledExecutorService scheduler;
    /** The worker the context started for its timers ({@link #KitContext(WindowRun, VirtualTime)}), or {@code null}. */
    private volatile Worker timerWorker;
    /** Told of each worker of the wall-clock scheduler, with its pool. */
    private java.util.function.BiConsumer<Thread, Executor> poolWorkers = (worker, pool) -> { };

    /** The context of a window: the engine tracks every driver thread and knows its scheduler's queue. */
    public KitContext(WindowRun run) {
        this(run::track);
        this.poolWorkers = run::trackWorker;
    }

    /**
     * The context of a window explored by a scheduler that makes the driver's timers its decisions: the
     * clock reads {@code timers}, and the scheduler's timers are its events, run on a worker of that time
     * ({@code driver-timer}, started when the driver first asks for the scheduler) once the exploration
     * runs time on to them ({@link VirtualTime#runNextInstant}); nothing else moves that time. The
     * driver's other waits stay on the wall clock ({@link VirtualTime#timersOnly}).
     */
    public KitContext(WindowRun run, VirtualTime timers) {
        this(run::track, timers, "driver", null, () -> { });
        this.poolWorkers = run::trackWorker;
    }

    /** A context whose new threads are handed to {@code tracker} before they start. */
    public KitContext(Consumer<Thread> tracker) {
        this(tracker, null, "driver", null, () -> { });
    }

    /**
     * A context on virtual time: the clock reads it, timers are its events and run on
     * {@code timers}; the threads the driver starts are named {@code <name>-N}.
     */
    public KitContext(Consumer<Thread> tracker, VirtualTime time, String name, Worker timers) {
        this(tracker, time, name, timers, () -> { });
    }

    /**
     * A context on virtual time whose due timers are handed to {@code timers} (which may hold them
     * back, as a stalled side does), and which runs {@code firstTimerArmed} on the driver's thread
     * when the driver arms its first timer.
     */
    public KitContext(Consumer<Thread> tracker, VirtualTime time, String name, Executor timers,
                      Runnable firstTimerArmed) {
        this.tracker = tracker;
        this.time = time;
        this.name = name;
        this.timers = timers;
        this.firstTimerArmed = firstTimerArmed;
    }

    private Thread newThread(Runnable r) {
        return newThread(r, name + "-" + count.incrementAndGet());
    }

    private Thread newThread(Runnable r, String threadName) {
        Thread t = new Thread(r, threadName);
        t.setDaemon(true);
        // an OutOfMemoryError or StackOverflowError that ends a driver thread is named in the window's reason
        t.setUncaughtExceptionHandler((thread, thrown) -> {
            WindowRun.threadDied(thread, thrown);
            if (!(thrown instanceof SimulatedRing.TornDown)) { // a hung loop ended by the kit: the verdict said it
                thread.getThreadGroup().uncaughtException(thread, thrown);
            }
        });
        tracker.accept(t);
        return t;
    }

    @Override
    public ThreadFactory threadFactory() {
        return factory;
    }

    @Override
    public Clock clock() {
        return time == null ? Clock.systemUTC() : time.clock();
    }

    @Override
    public synchronized ScheduledExecutorService scheduler() {
        if (scheduler == null) {
            Executor worker = timers;
            if (time != null && worker == null) {
                // the explored timers' own worker, named apart: the driver's threads keep their numbers
                worker = timerWorker = time.worker(name + "-timer", r -> newThread(r, name + "-timer"));
            }
            scheduler = time == null ? wallClockScheduler() : new VirtualScheduler(time, worker, name, firstTimerArmed);
        }
        return scheduler;
    }

    /** A scheduled pool of one thread from the context's factory, each worker known as this pool's. */
    private ScheduledExecutorService wallClockScheduler() {
        ScheduledThreadPoolExecutor[] pool = new ScheduledThreadPoolExecutor[1];
        pool[0] = new ScheduledThreadPoolExecutor(1, r -> {
            Thread worker = newThread(r);
            poolWorkers.accept(worker, pool[0]);
            return worker;
        });
        return pool[0];
    }

    /** The thread the context's timers run on on virtual time once the driver asked for its scheduler, or {@code null}. */
    public Thread timerThread() {
        Worker w = timerWorker;
        return w == null ? null : w.thread();
    }

    /** The virtual time at which a timer last fired, or -1 (always -1 on the wall clock). */
    public synchronized long lastTimerFiredAt() {
        return scheduler instanceof VirtualScheduler v ? v.lastFiredAt() : -1;
    }

    /** How many timers fired at this virtual instant (0 on the wall clock). */
    public synchronized int timersFiredAt(long instant) {
        return scheduler instanceof VirtualScheduler v ? v.firedAt(instant) : 0;
    }

    /** When each timer of the driver that fired at {@code instant} was armed (empty on the wall clock). */
    public synchronized java.util.List<Long> timerArmsFiredAt(long instant) {
        return scheduler instanceof VirtualScheduler v ? v.armsFiredAt(instant) : java.util.List.of();
    }

    /** The largest quantum of the driver's timers that fired at {@code instant} (0 on the wall clock). */
    public synchronized long timerQuantumAt(long instant) {
        return scheduler instanceof VirtualScheduler v ? v.quantumAt(instant) : 0;
    }

    /** The virtual time at which the driver first armed a timer ({@code schedule*}), or -1 (always -1 on the wall clock). */
    public synchronized long firstTimerArmedAt() {
        return scheduler instanceof VirtualScheduler v ? v.firstArmedAt() : -1;
    }

    /**
     * How many timers the driver armed on virtual time (0 on the wall clock, and while it never
     * asked for the scheduler).
     */
    public synchronized int timersArmed() {
        return scheduler instanceof VirtualScheduler v ? v.armed() : 0;
    }

    /** The timers fired so far on virtual time (0 on the wall clock). */
    public synchronized int timersFired() {
        return scheduler instanceof VirtualScheduler v ? v.fired() : 0;
    }

    @Override
    public synchronized void close() {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
        if (timerWorker != null) {
            timerWorker.stop();
        }
    }
}
