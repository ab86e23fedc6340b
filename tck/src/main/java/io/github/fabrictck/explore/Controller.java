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
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one schedule: every driver thread stops at every point it passes; whenever every driver
 * thread is stopped or idle, the scheduler chooses which stopped thread runs to its next point, or
 * which action the environment takes. One thread runs at a time, so the decisions are the schedule.
 */
public final class Controller implements Gate {

    /** How every environment action's label starts. */
    public static final String ENV = "env: ";
    /** A schedule longer than this many decisions has a thread that never blocks: the kit cannot end it. */
    static final int MAX_DECISIONS = 20_000;

    private final Object monitor = new Object();
    private final Map<Thread, Stop> stopped = new HashMap<>();
    private final Set<Thread> paused = ConcurrentHashMap.newKeySet();
    private volatile Thread granted;
    private volatile boolean open = true;
    /** The kit's thread, which decides: a thread that stops or takes its turn wakes it. */
    private volatile Thread deciding;

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

    // each thread waits parked for its own turn: a notifyAll on one monitor would wake every stopped thread at every step
    @Override
    public void pause(Thread thread, Point point, boolean isAfter) {
        synchronized (monitor) {
            if (!open) {
                return;
            }
            stopped.put(thread, new Stop(point, isAfter));
            paused.add(thread);
        }
        LockSupport.unpark(deciding);
        boolean interrupted = false;
        while (open && granted != thread) {
            LockSupport.park(this);
            interrupted |= Thread.interrupted();
        }
        synchronized (monitor) {
            stopped.remove(thread);
            paused.remove(thread);
        }
        // only once it no longer counts as stopped does the kit's thread see it took its turn
        if (granted == thread) {
            granted = null;
        }
        LockSupport.unpark(deciding);
        if (interrupted) {
            thread.interrupt();
        }
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
        waiting.forEach(LockSupport::unpark);
    }

    /**
     * Runs one schedule to its end or its first failure: puts itself in charge, starts the scenario,
     * and decides until nothing is left to do. This thread must not be a driver thread.
     *
     * @param settleTimeout how long the driver's threads may take to stop or idle after a decision
     */
    public Outcome run(WindowRun run, World world, Scheduler scheduler, Duration settleTimeout) {
        List<String> decisions = new ArrayList<>();
        long fingerprint = 1125899906842597L;
        deciding = Thread.currentThread();
        run.gate(this);
        try {
            world.start();
            while (true) {
                settle(run, settleTimeout);
                Optional<World.Failure> failure = world.judgeAnyState();
                List<Thread> threads = stoppedThreads();
                List<String> options = new ArrayList<>();
                threads.forEach(t -> options.add(t.getName()));
                if (threads.isEmpty() && failure.isEmpty()) {
                    failure = world.judgeIdle(run.stuck());
                }
                if (failure.isPresent()) {
                    return new Outcome(decisions, fingerprint, failure.get());
                }
                options.addAll(world.actions());
                if (options.isEmpty()) {
                    // a lock cycle counts as idle: only at the end, where nothing else can happen, is it looked for
                    String deadlock = mayDeadlock(run.threads()) ? ThreadDump.deadlock(run.threads()) : null;
                    World.Failure end = deadlock != null ? new World.Failure("the driver's threads never deadlock",
                            deadlock) : world.judgeEnd().orElse(null);
                    return new Outcome(decisions, fingerprint, end);
                }
                if (decisions.size() >= MAX_DECISIONS) {
                    throw new WindowNotOpened("a schedule took more than " + MAX_DECISIONS + " decisions: a driver "
                            + "thread keeps passing points without ever blocking (" + String.join(", ", options) + ")");
                }
                int i = scheduler.choose(options, decisions.size());
                String choice = options.get(i);
                decisions.add(choice);
                if (i < threads.size()) {
                    Thread t = threads.get(i);
                    Stop s;
                    synchronized (monitor) {
                        s = stopped.get(t);
                    }
                    fingerprint = 31 * fingerprint + (choice + (s.isAfter ? " after " : " at ") + s.point.target()
                            + s.point.at()).hashCode();
                    grant(t);
                } else {
                    fingerprint = 31 * fingerprint + choice.hashCode();
                    run.trace().add("kit", "schedule decision: " + choice.substring(ENV.length()), null);
                    world.act(choice);
                }
            }
        } finally {
            run.gate(null);
            close();
        }
    }

    /**
     * Whether some driver thread waits to take a monitor or a lock: without one there is no lock
     * cycle, and the JVM's search for one (which stops every thread) is spared.
     */
    private static boolean mayDeadlock(List<Thread> threads) {
        for (Thread t : threads) {
            Thread.State s = t.getState();
            if (s == Thread.State.BLOCKED || s != Thread.State.TERMINATED && s != Thread.State.RUNNABLE
                    && LockSupport.getBlocker(t) instanceof java.util.concurrent.locks.AbstractOwnableSynchronizer) {
                return true;
            }
        }
        return false;
    }

    /** The stopped threads, by name (the same order in every run). */
    private List<Thread> stoppedThreads() {
        List<Thread> threads;
        synchronized (monitor) {
            threads = new ArrayList<>(stopped.keySet());
        }
        threads.sort(Comparator.comparing(Thread::getName).thenComparingLong(Thread::getId));
        return threads;
    }

    /** Lets one stopped thread run, and returns once it has taken the turn. */
    private void grant(Thread t) {
        granted = t;
        LockSupport.unpark(t);
        for (int spins = 0; granted == t && open; spins++) {
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                throw new WindowNotOpened("interrupted while a driver thread took its turn");
            }
            if (spins < 100) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(1));
            }
        }
    }

    /** Waits until every driver thread is stopped at a point or settled (blocked, waiting for work, ended). */
    private void settle(WindowRun run, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (int spins = 0; ; spins++) {
            if (run.misuse() != null) {
                throw new WindowNotOpened(run.misuse());
            }
            long epoch = run.epoch();
            StuckDetector.Settle s = run.settle();
            if (s.settled() && !s.contended()) {
                return; // no thread waits to take a lock: nothing read there can be stale
            }
            if (s.settled()) {
                // the JVM reports a monitor's owner and the owner's state at different moments: a thread
                // about to take a monitor just released can look blocked behind an idle owner once; it is
                // settled only if that still holds after the other threads had the processor
                Thread.yield();
                if (run.settle().settled() && run.epoch() == epoch) {
                    return;
                }
            }
            if (System.nanoTime() - deadline > 0) {
                throw new WindowNotOpened("the driver's threads did not stop at a point or settle within "
                        + timeout.toMillis() + " ms after a decision: " + run.whereThreadsAre());
            }
            if (spins < 200) {
                Thread.onSpinWait();
            } else if (spins < 2_000) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(this, TimeUnit.MICROSECONDS.toNanos(20));
            }
        }
    }
}
