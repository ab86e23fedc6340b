package io.github.fabrictck.engine;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RunnableScheduledFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The driver's timers on virtual time: a task scheduled after a delay becomes an event of
 * {@link VirtualTime} and runs on this scheduler's {@link Worker} when the clock reaches it.
 * Every timer armed and fired is in the window's trace with the driver line that armed it.
 *
 * <p>Work given to {@link #execute} or scheduled with no delay (a zero initial delay included) is
 * no timer: it is the driver's work due now, an event of the current instant that is not a driver
 * timer's ({@link VirtualTime#onlyTimersLeft()} counts it, so a script that runs the environment to
 * quiescence runs it, and whatever it hands on in the same instant), and it is not counted in
 * {@link #armed}, {@link #fired} or {@link #firedAt}. Only a task due later is a timer, pending until
 * time reaches it. In an exploration both run only when the schedule moves time on
 * ({@link VirtualTime#runNextInstant}), as before.
 */
public final class VirtualScheduler extends AbstractExecutorService implements ScheduledExecutorService {

    private final VirtualTime time;
    private final Executor worker;
    private final String owner;
    private final Runnable firstArm;
    private final java.util.concurrent.atomic.AtomicLong firstArmedAt = new java.util.concurrent.atomic.AtomicLong(-1);
    private volatile boolean shutdown;
    private volatile int armed;
    private volatile int fired;
    private volatile long lastFiredAt = -1;
    /** For each instant a timer fired at: the largest quantum of those timers ({@link #quantumAt}). */
    private final java.util.Map<Long, Long> firingQuantum = new java.util.concurrent.ConcurrentHashMap<>();
    /** The timer whose task this thread runs now, if any: a timer it arms is a tick's next. */
    private static final ThreadLocal<Timer<?>> RUNNING = new ThreadLocal<>();
    /** For each instant a timer fired at: when each firing was armed (a periodic timer's: its previous run). */
    private final java.util.Map<Long, List<Long>> firingArms = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * A scheduler.
     *
     * @param time   the virtual time
     * @param worker the thread timers run on
     * @param owner  whose timers these are, for the trace ({@code client})
     */
    public VirtualScheduler(VirtualTime time, Executor worker, String owner) {
        this(time, worker, owner, () -> { });
    }

    /**
     * A scheduler that tells when the driver arms its first timer.
     *
     * @param time     the virtual time
     * @param worker   hands a timer that is due to the thread it runs on
     * @param owner    whose timers these are, for the trace ({@code client})
     * @param firstArm runs on the driver's thread, once, as the first {@code schedule*} call arms its timer
     */
    public VirtualScheduler(VirtualTime time, Executor worker, String owner, Runnable firstArm) {
        this.time = time;
        this.worker = worker;
        this.owner = owner;
        this.firstArm = firstArm;
    }

    /** The virtual time at which the driver first called a {@code schedule*} method, or -1. */
    public long firstArmedAt() {
        return firstArmedAt.get();
    }

    /** How many timers were armed (work due now, {@link #execute} or no delay, is none). */
    public int armed() {
        return armed;
    }

    /** How many timers fired (ran); work due now is none. */
    public int fired() {
        return fired;
    }

    /** How many timers fired at this virtual instant. */
    public int firedAt(long instant) {
        List<Long> arms = firingArms.get(instant);
        if (arms == null) {
            return 0;
        }
        synchronized (arms) {
            return arms.size();
        }
    }

    /**
     * When each timer that fired at {@code instant} was armed (for a periodic timer, the run that
     * scheduled this firing), in the order they fired; empty if none fired then.
     */
    public List<Long> armsFiredAt(long instant) {
        List<Long> arms = firingArms.get(instant);
        if (arms == null) {
            return List.of();
        }
        synchronized (arms) {
            return List.copyOf(arms);
        }
    }

    /**
     * The largest quantum of the timers that fired at {@code instant}, in nanoseconds: a periodic timer's period,
     * or the delay of a timer armed by a timer's own task (a tick that arms the next), how coarsely such a timer
     * keeps time; 0 for a timer armed once for a wait, or when none fired then.
     */
    public long quantumAt(long instant) {
        return firingQuantum.getOrDefault(instant, 0L);
    }

    /** The virtual time at which a timer last fired, or -1. */
    public long lastFiredAt() {
        return lastFiredAt;
    }

    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
        return armTimer(Executors.callable(command, null), unit.toNanos(delay), 0);
    }

    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
        return armTimer(callable, unit.toNanos(delay), 0);
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
        return armTimer(Executors.callable(command, null), unit.toNanos(initialDelay), positive(unit.toNanos(period)));
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
        // Tasks take no virtual time, so a fixed delay and a fixed rate are the same.
        return armTimer(Executors.callable(command, null), unit.toNanos(initialDelay), positive(unit.toNanos(delay)));
    }

    private static long positive(long period) {
        if (period <= 0) {
            throw new IllegalArgumentException("period must be positive: " + period);
        }
        return period;
    }

    @Override
    public void execute(Runnable command) {
        arm(Executors.callable(command, null), 0, 0);
    }

    /** A {@code schedule*} call: a timer, whose first arm is recorded ({@link #execute} is none). */
    private <V> Timer<V> armTimer(Callable<V> task, long delayNanos, long period) {
        Timer<V> t = arm(task, delayNanos, period);
        if (firstArmedAt.compareAndSet(-1, time.nanos())) {
            firstArm.run();
        }
        return t;
    }

    private <V> Timer<V> arm(Callable<V> task, long delayNanos, long period) {
        if (shutdown) {
            throw new RejectedExecutionException("the scheduler was shut down");
        }
        Timer<V> t = new Timer<>(task, period, Site.caller(), Math.max(0, delayNanos), RUNNING.get() != null);
        if (delayNanos > 0 || period > 0) {
            armed++; // a timer: due later, or again and again (work due now once is none)
        }
        t.schedule(delayNanos);
        return t;
    }

    @Override
    public void shutdown() {
        shutdown = true;
    }

    @Override
    public List<Runnable> shutdownNow() {
        shutdown = true;
        return List.of();
    }

    @Override
    public boolean isShutdown() {
        return shutdown;
    }

    @Override
    public boolean isTerminated() {
        return shutdown;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
        return shutdown;
    }

    private final class Timer<V> extends FutureTask<V> implements RunnableScheduledFuture<V> {
        private final long period;
        private final String site;
        /** How coarsely it keeps time ({@link VirtualScheduler#quantumAt}). */
        private final long quantum;
        private final long delay;
        private volatile VirtualTime.Event event;
        /** When the run now pending was scheduled. */
        private volatile long armedAt;
        /** Whether the run now pending is work due now (no delay), not a timer's firing. */
        private volatile boolean dueNow;

        Timer(Callable<V> task, long period, String site, long delay, boolean byATimer) {
            super(task);
            this.period = period;
            this.site = site;
            this.delay = delay;
            this.quantum = period > 0 ? period : byATimer ? delay : 0;
        }

        void schedule(long delayNanos) {
            armedAt = time.nanos();
            Runnable due = () -> {
                if (!isCancelled() && !shutdown) {
                    worker.execute(this);
                }
            };
            if (delayNanos <= 0) {
                // the driver's work due now: an event of this instant, not a timer that waits for time to run on
                dueNow = true;
                event = time.at(time.nanos(), owner + " task due now runs", site, due);
            } else {
                dueNow = false;
                String what = owner + " timer (+" + TimeUnit.NANOSECONDS.toMillis(delay) + " ms) fires";
                event = time.timer(time.nanos() + delayNanos, what, site, due);
            }
        }

        @Override
        public void run() {
            if (isCancelled() || shutdown) {
                return;
            }
            if (!dueNow) {
                fired++;
                lastFiredAt = time.nanos();
                List<Long> arms = firingArms.computeIfAbsent(lastFiredAt, k -> new java.util.ArrayList<>());
                synchronized (arms) {
                    arms.add(armedAt);
                }
                firingQuantum.merge(lastFiredAt, quantum, Math::max);
                RUNNING.set(this); // work due now that arms a timer is not a tick arming its next
            }
            try {
                if (period == 0) {
                    super.run();
                } else if (runAndReset() && !shutdown) {
                    schedule(period);
                }
            } finally {
                RUNNING.remove();
            }
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            boolean cancelled = super.cancel(false);
            VirtualTime.Event e = event;
            if (cancelled && e != null) {
                e.cancel();
            }
            return cancelled;
        }

        @Override
        public boolean isPeriodic() {
            return period != 0;
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(event.at() - time.nanos(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed o) {
            return Long.compare(getDelay(TimeUnit.NANOSECONDS), o.getDelay(TimeUnit.NANOSECONDS));
        }
    }
}
