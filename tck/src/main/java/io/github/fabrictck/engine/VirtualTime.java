package io.github.fabrictck.engine;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The kit's clock: virtual time that advances to the next event (a driver timer, a delivery, a
 * script step) only when every driver thread is idle, so events happen in one order, the same on
 * every run, and a protocol with second-long timers runs in microseconds.
 *
 * <p>Idle means: every {@link Worker} has no task or its task is stopped (held, blocked on a lock
 * a driver thread holds, or on a condition), every other driver thread is parked or blocked the same
 * way (a thread that only waits to take a free lock, or one the kit holds, is about to run:
 * {@link WindowRun#waitsForLockToRun}), nothing the environment carries
 * is in flight outside the kit ({@link #busyWhile}), and no driver thread passed a point while the
 * keeper looked twice. For the kit's workers this is exact; for a thread the driver started itself it
 * rests on the thread's state, and a thread another driver thread has just woken can look parked for
 * an instant (the two looks make that unlikely, not impossible). A driver thread that waits on the
 * wall clock is reported by
 * {@link WindowRun#useVirtualTime()}; one that never becomes idle ends the run as
 * {@link WindowNotOpened} with where it runs.
 *
 * <p>One thread, the keeper (the window's script), calls {@link #runUntil}; driver threads add
 * events through timers and the environment.
 */
public final class VirtualTime {

    /** What virtual time 0 reads as on the driver's clock. */
    public static final Instant ORIGIN = Instant.parse("2026-01-01T00:00:00Z");

    private final WindowRun run;
    private final Duration settle;
    private final PriorityQueue<Event> queue = new PriorityQueue<>();
    private final List<Worker> workers = new CopyOnWriteArrayList<>();
    private final java.util.Set<Thread> workerThreads = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final java.util.concurrent.atomic.AtomicInteger busyWorkers = new java.util.concurrent.atomic.AtomicInteger();
    private volatile List<Thread> otherThreads = List.of();
    private volatile int threadsSeen = -1;
    private final List<BooleanSupplier> busy = new CopyOnWriteArrayList<>();
    private final AtomicLong localEpoch = new AtomicLong();
    private volatile long now;
    private long seq;
    private volatile Thread keeper;

    /**
     * Virtual time for one window.
     *
     * @param run    the window (its driver threads and trace), or {@code null} outside the engine
     * @param settle how long, in wall time, the driver may take to become idle after an event
     */
    public VirtualTime(WindowRun run, Duration settle) {
        this(run, settle, true);
    }

    /** How long, in wall time, the driver may take to become idle after an event. */
    public Duration settle() {
        return settle;
    }

    private VirtualTime(WindowRun run, Duration settle, boolean strict) {
        this.run = run;
        this.settle = settle;
        if (run != null && strict) {
            run.useVirtualTime();
        }
    }

    /**
     * Virtual time for the driver's timers alone, in a window whose driver may still wait on the wall
     * clock (a CQ exploration: the application's waits are wall-clock timeouts of minutes, idle for the
     * kit): the window is not marked as one on virtual time, and only a scheduler that chooses the events
     * itself ({@link #runNextInstant}) moves this time on.
     */
    public static VirtualTime timersOnly(WindowRun run) {
        return new VirtualTime(run, Duration.ZERO, false);
    }

    /** An event on the virtual time line. */
    public static final class Event implements Comparable<Event> {
        private final long at;
        private final long seq;
        private final String what;
        private final String site;
        private final Runnable action;
        private final boolean timer;
        private volatile boolean cancelled;

        Event(long at, long seq, String what, String site, Runnable action, boolean timer) {
            this.at = at;
            this.seq = seq;
            this.what = what;
            this.site = site;
            this.action = action;
            this.timer = timer;
        }

        /** When it happens, in virtual nanoseconds. */
        public long at() {
            return at;
        }

        /** It will not happen. */
        public void cancel() {
            cancelled = true;
        }

        /** Whether it was cancelled. */
        public boolean isCancelled() {
            return cancelled;
        }

        /** What it is, as the trace shows it, or {@code null}. */
        public String what() {
            return what;
        }

        /** Whether it is a driver timer's event. */
        public boolean isTimer() {
            return timer;
        }

        @Override
        public int compareTo(Event o) {
            int c = Long.compare(at, o.at);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    /** The virtual time now, in nanoseconds since the start. */
    public long nanos() {
        return now;
    }

    /** The virtual time now, as reports show it: {@code t=3.000 s}. */
    public String stamp() {
        return "t=" + seconds(now);
    }

    /**
     * Nanoseconds as {@code 3.000 s}: what {@code String.format(Locale.ROOT, "%.3f s", nanos / 1e9)}
     * writes, in integers. Every trace entry and decision of a schedule is stamped, and the
     * formatter (a format string parsed on every call) was among the costliest steps of a fresh
     * JVM's first schedules.
     */
    public static String seconds(long nanos) {
        if (nanos < 0 || nanos >= EXACT_NANOS) {
            return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
        }
        // below EXACT_NANOS the double nanos / 1e9 prints as its exact decimal, which %.3f rounds half up
        long millis = (nanos + 500_000) / 1_000_000;
        long ms = millis % 1000;
        return millis / 1000 + (ms < 10 ? ".00" : ms < 100 ? ".0" : ".") + ms + " s";
    }

    /** Up to here (about 11.6 days) {@link #seconds} needs no formatter. */
    static final long EXACT_NANOS = 1_000_000_000_000_000L;

    /** The driver's clock: reads virtual time. */
    public Clock clock() {
        return new VirtualClock(ZoneOffset.UTC);
    }

    /**
     * Adds an event.
     *
     * @param at     when, in virtual nanoseconds; an event in the past happens now
     * @param what   what it is, for the trace ({@code null}: not traced)
     * @param site   the driver source line behind it, or {@code null}
     * @param action what the keeper does then; it must not call driver code (hand that to a {@link Worker})
     */
    public synchronized Event at(long at, String what, String site, Runnable action) {
        return add(at, what, site, action, false);
    }

    /** Adds a driver timer's event: like {@link #at}, but {@link #onlyTimersLeft()} does not count it. */
    synchronized Event timer(long at, String what, String site, Runnable action) {
        return add(at, what, site, action, true);
    }

    private Event add(long at, String what, String site, Runnable action, boolean timer) {
        Event e = new Event(Math.max(at, now), seq++, what, site, action, timer);
        queue.add(e);
        return e;
    }

    /**
     * Whether every event still to come is a driver timer: the environment has run to quiescence
     * (nothing on its way, no script step pending).
     */
    public synchronized boolean onlyTimersLeft() {
        return queue.stream().allMatch(e -> e.cancelled || e.timer);
    }

    /** Adds an event after a delay from now. */
    public Event after(long delayNanos, String what, String site, Runnable action) {
        return at(saturatedAdd(now, Math.max(0, delayNanos)), what, site, action);
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return r < a ? Long.MAX_VALUE : r;
    }

    /** Starts a kit worker, a daemon thread the window tracks as a driver thread; its tasks count in the idle test. */
    public Worker worker(String name) {
        return worker(name, Thread::new);
    }

    /** Starts a worker whose thread comes from {@code factory}; its tasks count in the idle test. */
    public Worker worker(String name, ThreadFactory factory) {
        Worker w = new Worker(name, factory, run, this::wake, busyWorkers);
        workers.add(w);
        workerThreads.add(w.thread());
        return w;
    }

    /** Something outside the driver threads (bytes in a socket) that keeps time from advancing while true. */
    public void busyWhile(BooleanSupplier inFlight) {
        busy.add(inFlight);
    }

    /** Forgets every event and goes back to time 0 (between the trials of one window). */
    public synchronized void reset() {
        queue.clear();
        now = 0;
        seq = 0;
    }

    /** Whether an event is waiting. */
    public synchronized boolean hasEvents() {
        return queue.stream().anyMatch(e -> !e.cancelled);
    }

    /** The events still to come (not cancelled), in the order {@link #runUntil} would run them. */
    public synchronized List<Event> pending() {
        // a plain loop: an exploration's scheduler asks at every decision, a stream pipeline cost several times as much
        // before the JIT
        List<Event> pending = new java.util.ArrayList<>(queue.size());
        for (Event e : queue) {
            if (!e.cancelled) {
                pending.add(e);
            }
        }
        pending.sort(null);
        return java.util.Collections.unmodifiableList(pending);
    }

    /**
     * Runs one event now, whatever its place in the order, for a scheduler that chooses the events
     * itself instead of {@link #runUntil}: time moves to the event's (never back), so an earlier event
     * still pending happens late. The caller waits until the driver is idle.
     */
    public void fire(Event e) {
        synchronized (this) {
            if (!queue.remove(e) || e.cancelled) {
                return;
            }
            now = Math.max(now, e.at);
        }
        if (run != null && e.what != null) {
            run.trace().add("kit", stamp() + " " + e.what, e.site);
        }
        e.action.run();
    }

    /** Stops every worker. */
    public void stop() {
        workers.forEach(Worker::stop);
    }

    /**
     * Runs events in order, each once the driver is idle, until {@code stop} holds, or no event is
     * left at or before {@code limit}; then time stands at the last event run.
     *
     * @throws WindowNotOpened when the driver does not become idle within the settle time, or did
     *                         what the kit cannot judge around ({@link WindowRun#misuse()})
     */
    public void runUntil(long limit, BooleanSupplier stop) {
        keeper = Thread.currentThread();
        while (true) {
            awaitIdle();
            if (stop.getAsBoolean()) {
                return;
            }
            Event e;
            synchronized (this) {
                e = queue.peek();
                if (e == null || e.at > limit) {
                    return;
                }
                queue.poll();
                if (e.cancelled) {
                    continue;
                }
                now = Math.max(now, e.at);
            }
            if (run != null && e.what != null) {
                run.trace().add("kit", stamp() + " " + e.what, e.site);
            }
            e.action.run();
        }
    }

    /** When the next event that is not cancelled is due, in virtual nanoseconds, or -1 when none waits. */
    public synchronized long nextEventAt() {
        long next = -1;
        for (Event e : queue) {
            if (!e.cancelled && (next < 0 || e.at < next)) {
                next = e.at;
            }
        }
        return next;
    }

    /**
     * Moves time to the next instant an event is due and runs every event due then, at once, without
     * waiting for the driver to be idle: for a controlled scheduler, which itself decides when the
     * driver's threads run (the events hand driver work to workers; none runs driver code here).
     *
     * @return how many events ran (0 when none was waiting)
     */
    public int runNextInstant() {
        long instant = nextEventAt();
        if (instant < 0) {
            return 0;
        }
        int ran = 0;
        while (true) {
            Event e;
            synchronized (this) {
                e = queue.peek();
                if (e == null || e.at > instant) {
                    return ran;
                }
                queue.poll();
                if (e.cancelled) {
                    continue;
                }
                now = Math.max(now, e.at);
            }
            if (run != null && e.what != null) {
                run.trace().add("kit", stamp() + " " + e.what, e.site);
            }
            e.action.run();
            ran++;
        }
    }

    /** Waits, in wall time, until the driver is idle. */
    public void awaitIdle() {
        long deadline = System.nanoTime() + settle.toNanos();
        while (true) {
            String misuse = run == null ? null : run.misuse();
            if (misuse != null) {
                throw new WindowNotOpened(misuse);
            }
            long before = epoch();
            if (allIdle()) {
                Thread.yield();
                if (allIdle() && epoch() == before) {
                    return;
                }
            }
            if (System.nanoTime() - deadline > 0) {
                throw new WindowNotOpened("the driver's threads did not become idle within " + settle.toMillis()
                        + " ms of wall time at virtual " + stamp() + " (a driver thread that spins, or waits on "
                        + "something the kit does not see): " + (run == null ? "" : run.whereThreadsAre()));
            }
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
        }
    }

    private long epoch() {
        return localEpoch.get() + (run == null ? 0 : run.epoch());
    }

    private boolean allIdle() {
        for (BooleanSupplier b : busy) {
            if (b.getAsBoolean()) {
                return false;
            }
        }
        if (run != null && run.asyncStagePending()) {
            return false;
        }
        if (busyWorkers.get() > 0) {
            for (Worker w : workers) {
                if (!w.idle()) {
                    return false;
                }
            }
        }
        for (Thread t : otherThreads()) {
            Thread.State s = t.getState();
            boolean stopped = !run.isResuming(t) && !run.isWoken(t) && (s == Thread.State.NEW || s == Thread.State.TERMINATED
                    || s == Thread.State.BLOCKED && !run.waitsForLockToRun(t, s)
                    || s == Thread.State.WAITING && !run.waitsForLockToRun(t, s) && !Boolean.FALSE.equals(run.poolIdle(t))
                    || s == Thread.State.TIMED_WAITING && (run.isHeld(t) || Boolean.TRUE.equals(run.poolIdle(t))));
            if (!stopped) {
                return false;
            }
        }
        return true;
    }

    /** The driver threads that are not workers (threads the driver started), recomputed when new ones appear. */
    private List<Thread> otherThreads() {
        if (run == null) {
            return List.of();
        }
        int n = run.threadCount();
        if (n != threadsSeen) {
            otherThreads = run.threads().stream().filter(t -> !workerThreads.contains(t)).toList();
            threadsSeen = n;
        }
        return otherThreads;
    }

    /** Tells the keeper that something it waits for may have changed (bytes read from a socket). */
    public void poke() {
        wake();
    }

    private void wake() {
        localEpoch.incrementAndGet();
        Thread k = keeper;
        if (k != null) {
            LockSupport.unpark(k);
        }
    }

    private final class VirtualClock extends Clock {
        private final ZoneId zone;

        VirtualClock(ZoneId zone) {
            this.zone = zone;
        }

        @Override
        public ZoneId getZone() {
            return zone;
        }

        @Override
        public Clock withZone(ZoneId z) {
            return new VirtualClock(z);
        }

        @Override
        public Instant instant() {
            return ORIGIN.plusNanos(now);
        }

        @Override
        public long millis() {
            return ORIGIN.toEpochMilli() + TimeUnit.NANOSECONDS.toMillis(now);
        }
    }
}
