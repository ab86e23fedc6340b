package io.github.fabrictck.explore;

import io.github.fabrictck.engine.Gate;
import io.github.fabrictck.engine.Point;
import io.github.fabrictck.engine.StuckDetector;
import io.github.fabrictck.engine.ThreadDump;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one schedule: every driver thread stops at every point it passes; whenever every driver
 * thread is stopped or idle, the scheduler chooses which stopped thread runs to its next point, or
 * which action the environment takes. One thread runs at a time, so the decisions are the schedule.
 */
public final class Controller implements Gate {

    /** How every environment action's label starts. */
    public static final String ENV = "env: ";
    /** How the label of an environment action that lets virtual time run to the driver's next timer starts. */
    public static final String TIME = ENV + "time runs to ";
    /** A schedule longer than this many decisions has a thread that never blocks: the kit cannot end it. */
    static final int MAX_DECISIONS = 20_000;

    /** Who may decide: nobody (a thread runs; whoever first sees the driver settled claims it), or one thread. */
    private static final long RUNNING = 0;
    private static final long CLAIMED = 1;
    /** A stopped thread decided or judged something only the kit's thread carries out (an environment action). */
    private static final long HANDED_BACK = 2;

    private final Object monitor = new Object();
    private final Map<Thread, Stop> stopped = new HashMap<>();
    private final Set<Thread> paused = ConcurrentHashMap.newKeySet();
    private final Map<Thread, Object> bells = new ConcurrentHashMap<>();
    private volatile Thread granted;
    private volatile boolean open = true;
    /** The kit's thread, which decides when no stopped thread can: a thread that cannot decide wakes it. */
    private volatile Thread deciding;
    /**
     * The turn's state in its two low bits, and how many times it was given up above them: a claim made
     * on what was read before the last hand-over fails, so nobody decides on a state read while a thread
     * just let go was still counted as stopped.
     */
    private final AtomicLong turn = new AtomicLong(CLAIMED);
    /** Something may have settled the driver (a thread about to wait, one that could not decide): look soon. */
    private volatile boolean nudged;
    /** How many decisions were made: the kit's thread waits for a settled driver only as long as none is. */
    private volatile int made;

    // the schedule under way; read and written only by whoever holds the turn (its hand-over orders them)
    private WindowRun run;
    /** The names of this schedule's threads in its decisions ({@link #name}). */
    private final java.util.Map<Thread, String> names = new java.util.concurrent.ConcurrentHashMap<>();
    private World world;
    private Scheduler scheduler;
    private final List<String> decisions = new ArrayList<>();
    private long fingerprint = 1125899906842597L;
    /**
     * The one driver thread offered at every decision since {@link #aloneSince}, or {@code null}: a thread that
     * had every turn. Those decisions offered no environment action and no other driver thread, but for threads
     * about to join one ({@link WindowRun#joining}), which running would only make wait.
     */
    private Thread alone;
    private int aloneSince;
    /** How many decisions let virtual time run on ({@link #TIME}), and the last of them (or {@code null}). */
    private int timeRuns;
    private String lastTimeRun;
    private int lastTimeRunAt;
    /** An environment action a stopped thread chose, which the kit's thread carries out. */
    private String pendingAction;
    /** What a stopped thread's decision threw (a replay that diverged), which the kit's thread rethrows. */
    private RuntimeException pendingError;

    private record Stop(Point point, boolean isAfter) {
    }

    /**
     * What one schedule did.
     *
     * @param decisions   the decisions, in order
     * @param fingerprint the interleaving: the decisions with the point each thread ran from
     * @param failure     what an oracle found, or {@code null}
     */
    public record Outcome(List<String> decisions, long fingerprint, World.Failure failure) {
    }

    /**
     * Stops a driver thread at a point until the scheduler lets it run on. The decision is made
     * here, on the stopped thread, when the driver has settled with it (it is the only thread that
     * ran): choosing itself, it runs on without a hand-off; choosing another thread, it lets that
     * one go itself. Only what the kit's thread must do (an environment action, a failure, an end)
     * or a driver not settled yet goes back to the kit's thread. The decision is the same wherever
     * it is made: the same settled state, the same options, the same scheduler.
     */
    @Override
    public void pause(Thread thread, Point point, boolean isAfter) {
        synchronized (monitor) {
            if (!open) {
                return;
            }
            stopped.put(thread, new Stop(point, isAfter));
            paused.add(thread);
        }
        if (decideHere(thread)) {
            synchronized (monitor) {
                stopped.remove(thread);
                paused.remove(thread);
            }
            // only once it no longer counts as stopped may anybody see the driver settled again
            release();
            return;
        }
        boolean interrupted = false;
        // a stopped driver thread waits on a monitor of its own, never in LockSupport.park: the permit of a driver's
        // unpark that reached it before or while it was stopped stays the driver's, for its own next park
        Object bell = bell(thread);
        synchronized (bell) {
            while (open && granted != thread) {
                try {
                    bell.wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        synchronized (monitor) {
            stopped.remove(thread);
            paused.remove(thread);
        }
        // only once it no longer counts as stopped does anybody see it took its turn
        if (granted == thread) {
            granted = null;
        }
        if (interrupted) {
            thread.interrupt();
        }
    }

    /**
     * Makes the next decision on a thread that just stopped, when the driver has settled.
     *
     * @return whether it chose this very thread, which then runs on
     */
    private boolean decideHere(Thread self) {
        if (!claim(turn.get())) {
            nudge();
            return false;
        }
        try {
            StuckDetector.Settle s;
            if (granted != null || !open || run.misuse() != null || decisions.size() >= MAX_DECISIONS
                    || !run.maySettle() || !(s = run.settle()).settled() || s.contended()) {
                // the kit's thread waits for the rest of the driver, confirms a contended state, or ends the schedule
                release();
                nudge();
                return false;
            }
            if (world.judgeAnyState().isPresent()) {
                handBack();
                return false;
            }
            List<Thread> threads = stoppedThreads();
            List<String> options = options(threads);
            Thread next = choose(threads, options);
            if (next == self) {
                return true;
            }
            if (next == null) {
                handBack();
                return false;
            }
            granted = next;
            release();
            ring(next);
            return false;
        } catch (RuntimeException | Error e) {
            pendingError = e instanceof RuntimeException r ? r : new IllegalStateException(e);
            handBack();
            return false;
        }
    }

    private void handBack() {
        turn.set(turn.get() & ~3L | HANDED_BACK);
        LockSupport.unpark(deciding);
    }

    @Override
    public void mayIdle(Thread thread) {
        nudge();
    }

    private void nudge() {
        nudged = true;
        LockSupport.unpark(deciding);
    }

    /** Takes the turn as it was read, if nobody decides now and nobody took or gave it up since. */
    private boolean claim(long seen) {
        return (seen & 3L) == RUNNING && turn.compareAndSet(seen, seen | CLAIMED);
    }

    /** Gives the turn up (its holder only). */
    private void release() {
        turn.set((turn.get() & ~3L) + 4 | RUNNING);
    }

    @Override
    public boolean isPaused(Thread thread) {
        return paused.contains(thread);
    }

    /** Lets every stopped thread go and stops no more: the schedule is over. */
    public void close() {
        List<Thread> waiting;
        synchronized (monitor) {
            open = false;
            waiting = new ArrayList<>(stopped.keySet());
        }
        waiting.forEach(this::ring);
    }

    /** The monitor a stopped driver thread waits on for its turn. */
    private Object bell(Thread t) {
        return bells.computeIfAbsent(t, k -> new Object());
    }

    /** Wakes a stopped driver thread to look whether its turn came. */
    private void ring(Thread t) {
        Object bell = bell(t);
        synchronized (bell) {
            bell.notifyAll();
        }
    }

    /**
     * Runs one schedule to its end or its first failure: puts itself in charge, starts the scenario,
     * and decides until nothing is left to do. This thread must not be a driver thread.
     *
     * @param settleTimeout how long the driver's threads may take to stop or idle after a decision
     */
    public Outcome run(WindowRun run, World world, Scheduler scheduler, Duration settleTimeout) {
        this.run = run;
        this.world = world;
        this.scheduler = scheduler;
        deciding = Thread.currentThread();
        // threads the world started before this schedule (the driver's own, made while it was opened) must
        // have settled before they are stopped at points: one still on its way would stop at a point in one
        // run and be blocked past it in the next, and the seed would not give the same schedule
        awaitSettledBeforeGate(run, settleTimeout);
        run.gate(this);
        try {
            world.start();
            release();
            while (true) {
                awaitTurn(run, settleTimeout);
                if (pendingError != null) {
                    throw pendingError;
                }
                if (pendingAction != null) {
                    String action = pendingAction;
                    pendingAction = null;
                    act(action);
                    release();
                    continue;
                }
                Optional<World.Failure> failure = world.judgeAnyState();
                List<Thread> threads = stoppedThreads();
                if (threads.isEmpty() && failure.isEmpty()) {
                    failure = world.judgeIdle(run.stuck());
                }
                if (failure.isPresent()) {
                    return new Outcome(List.copyOf(decisions), fingerprint, failure.get());
                }
                List<String> options = options(threads);
                if (options.isEmpty() && awaitedOwnTimer(run)) {
                    continue;
                }
                if (options.isEmpty() && world.passTime()) {
                    release(); // not a decision: the only thing that can happen, the same in every replay
                    continue;
                }
                if (options.isEmpty()) {
                    // a lock cycle counts as idle: only at the end, where nothing else can happen, is it looked for
                    String deadlock = ThreadDump.deadlock(run.threads());
                    World.Failure end = deadlock != null ? new World.Failure("the driver's threads never deadlock",
                            deadlock) : world.judgeEnd().orElse(null);
                    return new Outcome(List.copyOf(decisions), fingerprint, end);
                }
                if (decisions.size() >= MAX_DECISIONS && alone != null && decisions.size() - aloneSince >= MAX_DECISIONS / 2) {
                    // no other driver thread was offered a turn, so none was starved: what waits for this one is the
                    // scenario's to judge (a close() that joins it), not the scheduler's failure to end the schedule
                    Optional<World.Failure> endless = world.judgeEndless(describe(alone), decisions.size() - aloneSince);
                    if (endless.isPresent()) {
                        return new Outcome(List.copyOf(decisions), fingerprint, endless.get());
                    }
                }
                if (decisions.size() >= MAX_DECISIONS) {
                    throw new org.opentest4j.TestAbortedException(tooLong(options));
                }
                Thread next = choose(threads, options);
                if (next != null) {
                    granted = next;
                    release();
                    ring(next);
                } else {
                    String action = pendingAction;
                    pendingAction = null;
                    act(action);
                    release();
                }
            }
        } finally {
            run.gate(null);
            close();
        }
    }

    /**
     * With nothing to choose, whether a driver thread still runs by itself: one in a timed wait that
     * ends within the bound (a wall-clock timer of its own, the context's scheduler's next timer). Then
     * the schedule is not over: this thread gives the turn up and waits, at most the bound, until that
     * thread has passed a point (and stopped at it); it must not judge the end of a driver that has
     * only to wait a few milliseconds.
     *
     * @return whether the driver moved meanwhile (the caller takes the turn again), false when nothing
     *         happened within the bound (the caller holds the turn and judges the end)
     */
    private boolean awaitedOwnTimer(WindowRun run) {
        if (!stoppedThreads().isEmpty()) {
            // one woke by itself and stopped at a point since the options were read: decide again
            release();
            return true;
        }
        if (run.allIdle()) {
            return false; // every thread idle beyond the bound: nothing will happen by itself
        }
        long epoch = run.epoch();
        long deadline = System.nanoTime() + run.bound().toNanos();
        release();
        while (run.epoch() == epoch && stoppedThreads().isEmpty() && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(this, TimeUnit.MICROSECONDS.toNanos(200));
        }
        // nothing happened within the bound, and no thread took the turn meanwhile: the end is judged as it is
        return run.epoch() != epoch || !stoppedThreads().isEmpty() || !claim(turn.get());
    }

    /**
     * The options at this step: the stopped threads by role, then the environment's actions. A thread
     * a library started with a name the JDK made up ({@code Thread-93}, another number in every run)
     * is named by where it was started ({@link WindowRun#role}), so that a schedule file replays in
     * another JVM; threads of one role are told apart by their order of creation ({@link #name}).
     */
    private List<String> options(List<Thread> threads) {
        List<String> options = new ArrayList<>(threads.size() + 3);
        threads.forEach(t -> options.add(name(t)));
        options.addAll(world.actions(List.copyOf(options)));
        return options;
    }

    /**
     * A thread's name in this schedule's decisions, fixed when it is first asked for: its role, and
     * for the second and later threads of one role (two started at one site) {@code #2}, {@code #3}
     * by order of creation among this schedule's threads, whichever of them are stopped at a step.
     */
    private String name(Thread t) {
        String known = names.get(t);
        if (known != null) {
            return known;
        }
        String role = uncounted(run.role(t));
        // among the live threads: a thread of an earlier schedule (a simulated device's, ended with its schedule) is
        // not one of this schedule's, and a replay in a new JVM never saw it
        long earlier = run.threads().stream().filter(u -> u.getId() < t.getId() && u.isAlive()
                && uncounted(run.role(u)).equals(role)).count();
        String name = earlier == 0 ? role : role + " #" + (earlier + 1);
        // a thread of the role created earlier but named later (a pool's worker that reached its first point after a
        // younger one) must not take a name already given: the next number is free
        while (names.containsValue(name)) {
            earlier++;
            name = role + " #" + (earlier + 1);
        }
        names.put(t, name);
        return name;
    }

    /**
     * A thread name the JDK made up from counters of the whole JVM ({@code pool-3-thread-1} of
     * {@code Executors}' default thread factory, {@code ForkJoinPool-1-worker-2}, the common pool's workers,
     * {@code Timer-0}, {@code Thread-93}), which differ from one JVM, or one schedule, to the next, with its
     * counters as letters ({@code pool-N-thread-M}); the {@code #2} of {@link #name} then tells such threads
     * apart by their order of creation, the same in every run of the schedule. In any other name, a number that is a
     * whole dash-separated part ({@code nioEventLoopGroup-2-1}, {@code cq-poller-12}) is a counter too and becomes
     * {@code N}; the rest of the name, and a thread named by where it was started, as it is.
     */
    static String uncounted(String role) {
        // a driver's thread name is its own: one of a megabyte would be in every decision of the schedule file
        return role.length() <= MAX_NAME ? counters(role) : counters(role.substring(0, MAX_NAME)) + "...";
    }

    /** The longest thread name a schedule's decisions carry in full. */
    static final int MAX_NAME = 200;

    private static String counters(String role) {
        // the JDK's names lose the JVM's counters as holds know them (WindowRun#withoutJvmCounters); a schedule names a
        // pool's thread by its order of creation instead of its number in the pool, as it always did
        String jdk = WindowRun.withoutJvmCounters(role);
        if (!jdk.equals(role) || JDK_ROLE.matcher(role).matches()) {
            return jdk.replaceFirst("-(thread|worker)-\\d+$", "-$1-M");
        }
        // a library's or the driver's own counter: Netty's nioEventLoopGroup-2-1 (a pool number of the whole JVM), a
        // static counter's cq-poller-37; a number that is a whole dash-separated part of the name is one
        return role.startsWith(WindowRun.STARTED_AT) ? role : COUNTER.matcher(role).replaceAll("N");
    }

    /** A name of the JDK's with its counters as letters already (a role, {@link WindowRun#role}). */
    private static final java.util.regex.Pattern JDK_ROLE = java.util.regex.Pattern.compile(
            "pool-N-thread-\\d+|ForkJoinPool-N-worker-\\d+|ForkJoinPool\\.commonPool-worker-M|Timer-N|Thread-N");

    private static final java.util.regex.Pattern COUNTER = java.util.regex.Pattern.compile("(?<=-)\\d+(?=-|$)");

    /**
     * Why a schedule of {@value #MAX_DECISIONS} decisions is let go, a design property as the scripted windows
     * judge it: threads that spin-poll (no time ran on in the last half of them: a thread keeps passing points
     * without ever waiting), or timers that fire so often that virtual time ran on and on without the workload
     * ending (a periodic tick of a few milliseconds).
     */
    String tooLong(List<String> options) {
        if (timeRuns > 0 && decisions.size() - lastTimeRunAt < MAX_DECISIONS / 2) {
            return "the driver's timers fire too often to explore: a schedule took more than " + MAX_DECISIONS
                    + " decisions, " + timeRuns + " of them letting virtual time run to the driver's next timer (the last: "
                    + lastTimeRun.substring(ENV.length()) + "), and had not ended; exploration needs timers "
                    + "that fire only when something is due, or a periodic tick of tens of milliseconds or more";
        }
        return "the driver's threads never block: a schedule took more than " + MAX_DECISIONS + " decisions with a "
                + "thread that keeps passing points without ever waiting (" + String.join(", ", options) + "; a driver "
                + "that spin-polls), so the scheduler cannot bring a schedule to its end; exploration needs driver "
                + "threads that wait";
    }

    /**
     * Asks the scheduler and records its decision.
     *
     * @return the thread chosen, or {@code null} for an environment action (then {@link #pendingAction})
     */
    private Thread choose(List<Thread> threads, List<String> options) {
        // a thread about to join another (Thread.join(), no timeout) only waits if it runs: it is not kept from anything
        // and an environment action offered beside it is one the scheduler may have kept back (a device completion a
        // busy-polling thread waits for): then the thread did not have every turn by itself
        List<Thread> free = threads.size() < 2 ? threads : threads.stream().filter(t -> run.joining(t) == null).toList();
        Thread only = free.size() == 1 && options.size() == threads.size() ? free.get(0) : null;
        if (only == null || only != alone) {
            alone = only;
            aloneSince = decisions.size();
        }
        int i = scheduler.choose(options, steps(threads, options), decisions.size());
        String choice = options.get(i);
        if (choice.startsWith(TIME)) {
            timeRuns++;
            lastTimeRun = choice;
            lastTimeRunAt = decisions.size();
        }
        decisions.add(choice);
        made++;
        if (i < threads.size()) {
            Thread t = threads.get(i);
            Stop s;
            synchronized (monitor) {
                s = stopped.get(t);
            }
            fingerprint = 31 * fingerprint + (choice + (s.isAfter ? " after " : " at ") + s.point.target()
                    + s.point.at()).hashCode();
            return t;
        }
        fingerprint = 31 * fingerprint + choice.hashCode();
        pendingAction = choice;
        return null;
    }

    /**
     * What each option does next, for a scheduler that looks where the races are ({@link Scheduler#racesEnvironment}):
     * a stopped thread's point ({@code at call CompletionQueue.poll}, {@code after sync Object.wait}), an environment
     * action as it is.
     */
    private List<String> steps(List<Thread> threads, List<String> options) {
        List<String> steps = new ArrayList<>(options.size());
        synchronized (monitor) {
            for (Thread t : threads) {
                Stop st = stopped.get(t);
                steps.add(st == null ? "" : (st.isAfter ? "after " : "at ") + st.point.kind().word() + " "
                        + st.point.target());
            }
        }
        steps.addAll(options.subList(threads.size(), options.size()));
        return steps;
    }

    /** A stopped thread's name, the point it is stopped at and the threads that join it. */
    private String describe(Thread t) {
        Stop s;
        synchronized (monitor) {
            s = stopped.get(t);
        }
        List<String> joiners = run.threads().stream().filter(u -> run.joining(u) == t).map(this::name).sorted().toList();
        return name(t) + " (" + (s == null ? "" : "stopped " + (s.isAfter ? "after " : "at ") + s.point.target()
                + (s.point.at() == null ? "" : " at " + s.point.at())) + (s == null || joiners.isEmpty() ? "" : "; ")
                + (joiners.isEmpty() ? "" : "joined by " + String.join(", ", joiners) + " in Thread.join") + ")";
    }

    private void act(String action) {
        run.trace().add("kit", "schedule decision: " + action.substring(ENV.length()), null);
        world.act(action);
    }

    /** The stopped threads, by role (the same order in every run), then by order of creation. */
    private List<Thread> stoppedThreads() {
        List<Thread> threads;
        synchronized (monitor) {
            threads = new ArrayList<>(stopped.keySet());
        }
        if (threads.size() > 1) {
            threads.sort(Comparator.comparing(this::name).thenComparingLong(Thread::getId));
        }
        return threads;
    }

    /**
     * Waits until this thread holds the turn: a stopped thread handed it back, or every driver thread
     * is stopped at a point or settled (blocked, waiting for work, ended) and no stopped thread
     * claimed the decision first.
     */
    private void awaitTurn(WindowRun run, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        int decided = made;
        for (int spins = 0; ; spins++) {
            if (run.misuse() != null) {
                throw new WindowNotOpened(run.misuse());
            }
            long seen = turn.get();
            if ((seen & 3L) == HANDED_BACK) {
                turn.set(seen & ~3L | CLAIMED);
                return;
            }
            // the turn is read first: a thread let go after it was read makes the claim fail
            if ((seen & 3L) == RUNNING && granted == null && settled(run) && claim(seen)) {
                return;
            }
            if (made != decided) {
                // the stopped threads decide among themselves: the time allowed runs from the last decision
                decided = made;
                deadline = System.nanoTime() + timeout.toNanos();
            }
            if (nudged) {
                nudged = false;
                spins = 0;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new WindowNotOpened("the driver's threads did not stop at a point or settle within "
                        + timeout.toMillis() + " ms after a decision: " + run.whereThreadsAre());
            }
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                throw new WindowNotOpened("interrupted while the driver's threads ran");
            }
            // while the stopped threads decide among themselves this thread only watches for a driver gone
            // idle with no point to say so, and nearly always is told (mayIdle): it looks hard only then
            if (spins < 50) {
                Thread.onSpinWait();
            } else if (spins < 300) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(this, TimeUnit.MICROSECONDS.toNanos(Math.min(1_000, 20L << Math.min(6, (spins - 300) / 8))));
            }
        }
    }

    /**
     * Waits until every driver thread has settled (blocked, waiting for work, ended) with no gate in
     * place; a driver whose threads never block (they spin) is let go after the timeout, and the
     * decisions' bound ends its schedule.
     */
    private static void awaitSettledBeforeGate(WindowRun run, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (int spins = 0; !settled(run) && System.nanoTime() - deadline < 0; spins++) {
            // nearly always a kept thread on its way back to its wait for work: it needs the processor, not time
            if (spins < 1_000) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
            }
        }
    }

    /** Whether every driver thread is stopped at a point or settled now. */
    private static boolean settled(WindowRun run) {
        if (!run.maySettle()) {
            // a driver thread runs or has work to take: the full look at every thread, twice, would say so too. The
            // kit's thread polls this while the driver runs; in a fresh JVM's first schedules that look, interpreted,
            // cost up to 0.2 ms a time, and the poll took the processor from the driver's threads and the JIT
            return false;
        }
        long epoch = run.epoch();
        StuckDetector.Settle s = run.settle();
        if (s.settled() && !s.contended()) {
            return true; // no thread waits to take a lock: nothing read there can be stale
        }
        if (s.settled()) {
            // the JVM reports a monitor's owner and the owner's state at different moments: a thread
            // about to take a monitor just released can look blocked behind an idle owner once; it is
            // settled only if that still holds after the other threads had the processor
            Thread.yield();
            return run.settle().settled() && run.epoch() == epoch;
        }
        return false;
    }
}
