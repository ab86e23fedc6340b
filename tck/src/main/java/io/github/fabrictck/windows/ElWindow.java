package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.PointMatcher;
import io.github.fabrictck.engine.StuckDetector;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.sim.AppThread;
import io.github.fabrictck.sim.KitContext;
import io.github.fabrictck.sim.SimulatedRing;
import io.github.fabrictck.spi.el.EventLoop;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fixture of an event-loop window: the current trial (the driver's event loop on a fresh
 * {@link SimulatedRing}, with the application thread and the tasks it gave the loop), the steps and
 * judgements the EL scripts share, and fresh trials for a window that searches its placements.
 */
public final class ElWindow extends WindowFixture {

    static final String ENDS = "shutdownGracefully completes: the loop thread ends";
    static final String TASKS_RUN = "every task the loop accepted runs";
    static final String RULES = "the loop uses its ring by the rules (no call after close, no write to a closed eventfd)";

    private Trial trial;
    private final List<String> loopClasses = new ArrayList<>();

    ElWindow(WindowRun run, Session session) {
        super(run, session);
        this.trial = new Trial();
    }

    /** Ends the current trial and starts a fresh one (a new ring, context and application thread), which becomes current. */
    Trial newTrial() {
        trial.close();
        trial = new Trial();
        return trial;
    }


    /** The current trial. */
    Trial trial() {
        return trial;
    }

    @Override
    List<String> driverClassNames() {
        synchronized (loopClasses) {
            return List.copyOf(loopClasses);
        }
    }

    @Override
    public Hold hold(String name, PointMatcher match) {
        return trial.hold(name, match);
    }

    @Override
    public void close() {
        run.finish();
        trial.close();
    }

    /** One event loop of the driver on a fresh ring. */
    final class Trial implements AutoCloseable {
        private final Set<Thread> before = Set.copyOf(run.threads());
        private final SimulatedRing ring = new SimulatedRing(run, "ring#1");
        private final KitContext context = new KitContext(run);
        private final AppThread app = new AppThread(run, "app");
        private final List<Hold> holds = new ArrayList<>();
        private final Set<String> accepted = ConcurrentHashMap.newKeySet();
        private final Set<String> ran = ConcurrentHashMap.newKeySet();
        private final java.util.concurrent.CountDownLatch busyRuns = new java.util.concurrent.CountDownLatch(1);
        private final java.util.concurrent.CountDownLatch busyGate = new java.util.concurrent.CountDownLatch(1);
        /** A second application thread, for a window that has two wakers at once; {@code null} until asked for. */
        private AppThread second;
        private volatile EventLoop loop;
        private boolean closed;

        /** Opens the driver's event loop on the application thread. */
        void open() {
            call("Driver.openEventLoop", this::openHere);
        }

        /** Opens the driver's event loop on this thread, the application's. */
        Void openHere() {
            EventLoop opened = session.driver().openEventLoop(context, ring);
            if (opened == null) {
                throw new WindowNotOpened("Driver.openEventLoop returned null");
            }
            synchronized (loopClasses) {
                if (!loopClasses.contains(opened.getClass().getName())) {
                    loopClasses.add(opened.getClass().getName());
                }
            }
            loop = opened;
            return null;
        }

        SimulatedRing ring() {
            return ring;
        }

        /** The driver's event loop, or {@code null} before {@link #open()} returned one. */
        EventLoop loop() {
            return loop;
        }

        /** Places a hold that is released when the trial ends. */
        Hold hold(String name, PointMatcher match) {
            Hold h = run.hold(name, match);
            holds.add(h);
            return h;
        }

        /** Makes an application call and waits for it to return; ERROR if it does not return in time. */
        <T> T call(String what, Callable<T> call) {
            return CqTrial.resultWithin(what, app.submit(what, call), session.pointTimeout());
        }

        /** Starts an application call that may block on a held loop thread. */
        <T> CompletableFuture<T> start(String what, Callable<T> call) {
            return app.submit(what, call);
        }

        /**
         * Starts an application call on a second application thread ({@code app-2}, made at the first such call): two
         * wakers inside {@code execute} at once, as the SPI allows ("the application calls both methods from its own
         * threads").
         */
        <T> CompletableFuture<T> startSecond(String what, Callable<T> call) {
            if (second == null) {
                second = new AppThread(run, "app-2");
            }
            return second.submit(what, call);
        }

        /** Waits for a call {@link #start} made to return; ERROR if it does not return in time. */
        <T> T finish(String what, CompletableFuture<T> call) {
            return CqTrial.resultWithin(what, call, session.pointTimeout());
        }

        /** A task for the loop that records that it ran; {@link #execute} gives it. */
        Runnable task(String name) {
            return () -> {
                ran.add(name);
                run.trace().add(name + " runs", null);
            };
        }

        /** {@code execute(task)} on the application thread; the task counts as accepted when it did not throw. */
        Void execute(String name) {
            loop.execute(task(name));
            accepted.add(name);
            return null;
        }

        /**
         * {@code execute(task)} on the application thread with a task that, once a driver thread runs it, waits in the
         * kit until {@link #releaseBusy()}: the loop is awake, busy with a task of the application's, for as long as
         * the kit needs (no clock: it ends when the kit says so, or when the trial ends). One per trial.
         */
        Void executeBusy(String name) {
            loop.execute(() -> {
                run.trace().add(name + " runs; it returns when the kit lets it", null);
                busyRuns.countDown();
                boolean interrupted = false;
                while (busyGate.getCount() > 0) {
                    try {
                        // the kit's own wait: the thread is idle, as in a hold, until the kit lets it go on (not
                        // once it runs again: judged idle between the two, task 2 was "not run" in 2 of 20 Netty runs)
                        run.waitingForWork(() -> {
                            busyGate.await();
                            return null;
                        }, () -> busyGate.getCount() == 0);
                    } catch (InterruptedException e) {
                        interrupted = true;
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
                ran.add(name);
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            });
            accepted.add(name);
            return null;
        }

        /**
         * Whether the task {@link #executeBusy} gave runs now, once the driver settled (after its one-shot timers due
         * soon, for a wakeup the driver deferred): a driver thread waits in it.
         */
        boolean busy() {
            settle();
            if (busyRuns.getCount() > 0) {
                awaitTimers(() -> busyRuns.getCount() == 0);
            }
            return busyRuns.getCount() == 0;
        }

        /** Lets the task {@link #executeBusy} gave return. */
        void releaseBusy() {
            busyGate.countDown();
        }

        /** {@code shutdownGracefully()} on the application thread. */
        Void shutdownGracefully() {
            loop.shutdownGracefully();
            return null;
        }

        /** See {@link CqTrial#settle()}. */
        StuckDetector.Settle settle() {
            return CqTrial.settle(run, session);
        }

        /**
         * Waits until a loop thread waits in the ring's {@code enter}, within the point timeout: a settled loop may still
         * be on its way there (a thread the loop starts with its first task looks idle before it passes its first
         * point, and a shortcut on idle threads let the second task in before the loop slept: 1 PASS and 1 ERROR in 20
         * repeats of Netty 0.0.24's after-wakeup). A loop that never waits there is left as it is after the timeout, or
         * once its threads passed {@code CqTrial.SPIN_POINTS} points meanwhile (a poller).
         */
        void untilWaiting() {
            long deadline = System.nanoTime() + session.pointTimeout().toNanos();
            long before = pointsOfLoop();
            while (loopThreads().stream().noneMatch(ring::waitsIn) && System.nanoTime() - deadline < 0) {
                if (pointsOfLoop() - before > CqTrial.SPIN_POINTS) {
                    return; // a loop that keeps passing points instead of waiting: a poller, which will not wait here
                }
                java.util.concurrent.locks.LockSupport.parkNanos(200_000);
            }
        }

        /**
         * See {@link CqTrial#reachedOrSettled(Hold)}; a driver that settled with one-shot timers due within
         * {@link CqSearch#TIMER_WAIT} (a wakeup deferred to coalesce tasks) is waited for once, as a CQ search waits: the
         * hold may be on the way those timers take.
         */
        boolean reachedOrSettled(Hold hold) {
            return CqTrial.reachedOrSettled(run, session, hold)
                    || awaitTimers(hold::isReached) && CqTrial.reachedOrSettled(run, session, hold);
        }

        /**
         * Waits, once, for the driver's one-shot timers due within {@link CqSearch#TIMER_WAIT} (until {@code stop} holds)
         * and lets the driver settle after them; whether there were any. A loop whose {@code execute} schedules its
         * wakeup on the context's scheduler 150 ms later is settled, not stuck, while the wakeup is due: judged before
         * it, its accepted tasks "had not run" and the correct design FAILed every EL variant.
         */
        boolean awaitTimers(java.util.function.BooleanSupplier stop) {
            if (run.awaitOneShotTimers(CqSearch.TIMER_WAIT, session.pointTimeout(), stop) == 0) {
                return false;
            }
            settle();
            return true;
        }

        /** The threads the driver started in this trial (the loop's, from the context's factory). */
        List<Thread> loopThreads() {
            List<Thread> mine = new ArrayList<>(run.threads());
            mine.removeAll(before);
            mine.remove(app.thread());
            if (second != null) {
                mine.remove(second.thread());
            }
            return mine;
        }

        /**
         * After {@code shutdownGracefully()} returned: the loop thread ends (judged by a final state, never
         * by a timeout: it ended, or it waits in the ring's {@code enter} for a completion nothing can post,
         * or every driver thread is idle with no time left to pass), every accepted task ran, and the ring
         * was used by its rules.
         */
        void judge() {
            CloseWait.End end = CloseWait.within(run, session.bound())
                    .firingTimers(() -> awaitTimers(() -> ended() || hung() != null))
                    .until(() -> ended() || hung() != null);
            if (end == CloseWait.End.OUT_OF_TIME) {
                // a loop still at work after the bound is judged by what it does, never by the clock: it settles (and
                // is judged below as it then is), or keeps passing points without ending (it spins: FAIL), or neither
                // within the point timeout (ERROR, from settle)
                try {
                    settle();
                } catch (CqTrial.Spinning s) {
                    throw new InvariantViolation(ENDS, "the loop thread never ends: after shutdownGracefully() returned "
                            + "it keeps passing points without waiting or ending (" + s.getMessage() + "): "
                            + run.whereThreadsAre());
                }
                Map<Thread, Long> before = new HashMap<>();
                loopThreads().forEach(t -> before.put(t, run.hitsOf(t)));
                end = CloseWait.within(run, session.bound()).until(() -> ended() || hung() != null);
                if (end == CloseWait.End.OUT_OF_TIME) {
                    for (Map.Entry<Thread, Long> e : before.entrySet()) {
                        long passed = run.hitsOf(e.getKey()) - e.getValue();
                        if (!WindowRun.ended(e.getKey()) && passed > CqTrial.SPIN_POINTS) {
                            // a fact, not the clock: it keeps polling (a short park between turns settles each time)
                            throw new InvariantViolation(ENDS, "the loop thread never ends: after shutdownGracefully() "
                                    + "returned, " + e.getKey().getName() + " passed " + passed + " more points without "
                                    + "ending or waiting in the ring: " + run.whereThreadsAre());
                        }
                    }
                    throw new WindowNotOpened("the loop's threads settled but kept waking for " + 2 * session.bound()
                            .toMillis() + " ms after shutdownGracefully() returned, passing few points, and the loop did "
                            + "not end: not judged by the clock; " + run.whereThreadsAre());
                }
            }
            judgeNotHung();
            if (end != CloseWait.End.RETURNED) {
                throw new InvariantViolation(ENDS, "the loop thread has not ended and every driver thread is idle with "
                        + "no time left to pass: " + run.whereThreadsAre() + "; the ring: " + ring.describe());
            }
            List<String> lost = notRun();
            if (!lost.isEmpty()) {
                throw new InvariantViolation(TASKS_RUN, "the loop ended without running " + lost);
            }
            // a wakeup the driver scheduled before the shutdown fires after the close: what it does is the loop's too
            awaitTimers(() -> false);
            judgeRules();
        }

        /** No loop thread waits in the ring's {@code enter} for a completion nothing can post while every driver thread is idle. */
        void judgeNotHung() {
            Thread hung = hung();
            if (hung != null) {
                String stack = io.github.fabrictck.engine.Site.inDriver(hung, 3);
                throw new InvariantViolation(ENDS, hung.getName() + " waits in Ring.enter() called at "
                        + ring.waitSite(hung) + (stack == null ? "" : " (" + stack + ")")
                        + " for a completion nothing can post: " + ring.describe()
                        + "; eventfd writes: " + ring.writes());
            }
        }

        /** The ring was used by its rules so far. */
        void judgeRules() {
            if (!ring.misuse().isEmpty()) {
                throw new InvariantViolation(RULES, String.join("; ", ring.misuse()));
            }
        }

        /** Lets the device's time pass when every thread is idle (the ring's TIMEOUTs); whether any wait ended. */
        boolean passTime() {
            return run.passDeviceTimeouts();
        }

        /** Where the window's threads are, for a report. */
        String whereThreadsAre() {
            return run.whereThreadsAre();
        }

        /**
         * Once the driver's threads settled, with nothing more given to the loop: every task it accepted has run and the
         * ring was used by its rules. A task still waiting is a violation of {@code invariant} that says where the loop
         * waits ({@code when}: which run this was).
         */
        void judgeRan(String invariant, String when) {
            List<String> waiting = notRun();
            long polled = -1; // the points a loop that does not sleep in its ring passed while it was given its time
            if (!waiting.isEmpty()) {
                settle(); // a thread still on its way is judged once it settled again
                awaitTimers(() -> ran.containsAll(accepted)); // and a wakeup the driver deferred, once it came
                if (loopThreads().stream().noneMatch(ring::waitsIn)) {
                    // a loop that does not sleep in its ring (a short park between polls) is given its own time: it
                    // fails once every driver thread is idle with no time left to pass, or once it kept polling
                    // without running the task; the wall clock alone decides nothing
                    long from = pointsOfLoop();
                    CloseWait.End end = CloseWait.within(run, session.pointTimeout()).until(() -> ran.containsAll(accepted)
                            || loopThreads().stream().anyMatch(ring::waitsIn));
                    if (end == CloseWait.End.OUT_OF_TIME && !ran.containsAll(accepted)
                            && loopThreads().stream().noneMatch(ring::waitsIn)) {
                        polled = pointsOfLoop() - from;
                        if (polled <= CqTrial.SPIN_POINTS) {
                            List<String> still = notRun();
                            throw new WindowNotOpened(String.join(", ", still) + " accepted and not run " + when
                                    + ": the loop's threads kept waking for " + session.pointTimeout().toMillis()
                                    + " ms, passing " + polled + " points, without running " + them(still)
                                    + " or waiting in the ring: not judged by the clock; " + run.whereThreadsAre());
                        }
                    }
                }
                waiting = notRun();
            }
            if (!waiting.isEmpty()) {
                Thread sleeper = loopThreads().stream().filter(ring::waitsIn).findFirst().orElse(null);
                String where;
                if (polled > CqTrial.SPIN_POINTS) {
                    where = "the loop's threads kept polling without running " + them(waiting) + " (" + polled
                            + " points, none in a wait in the ring): " + run.whereThreadsAre();
                } else if (sleeper != null) {
                    String stack = io.github.fabrictck.engine.Site.inDriver(sleeper, 3);
                    where = sleeper.getName() + " waits in Ring.enter() called at " + ring.waitSite(sleeper)
                            + (stack == null ? "" : " (" + stack + ")");
                } else {
                    where = "every driver thread is idle: " + run.whereThreadsAre();
                }
                throw new InvariantViolation(invariant, String.join(", ", waiting) + " accepted and not run " + when
                        + ", with nothing more given to the loop: " + where + "; the ring: " + ring.describe()
                        + "; eventfd writes: " + ring.writes());
            }
            judgeRules();
        }

        /** The tasks the loop accepted and has not run, by name. */
        private List<String> notRun() {
            return accepted.stream().filter(t -> !ran.contains(t)).sorted().toList();
        }

        private static String them(List<String> tasks) {
            return tasks.size() == 1 ? "it" : "them";
        }

        /** How many points the loop's threads passed so far. */
        private long pointsOfLoop() {
            return loopThreads().stream().mapToLong(run::hitsOf).sum();
        }

        /**
         * Whether the loop ended: each thread the driver started in the trial ended, or is a JDK pool's worker waiting for
         * its next task (the context scheduler's worker that ran a deferred wakeup is not a loop thread that never ends).
         */
        private boolean ended() {
            List<Thread> threads = loopThreads();
            return !threads.isEmpty() && threads.stream().allMatch(t -> WindowRun.ended(t) || WindowRun.awaitsNextTask(t));
        }

        /** A loop thread that waits in the ring for good while every driver thread is idle, or {@code null}. */
        private Thread hung() {
            for (Thread t : loopThreads()) {
                if (ring.waitsForever(t) && run.allIdle() && ring.waitsForever(t)) {
                    return t;
                }
            }
            return null;
        }

        /** Releases the holds; a loop that waits for good is woken by tearing the ring down; closes the rest. */
        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            holds.forEach(run::forget);
            releaseBusy();
            if (loop != null && !ended()) {
                app.submit("shutdownGracefully (the trial ends)", this::shutdownGracefully);
                CloseWait.within(run, session.bound()).until(() -> ended() || loopThreads().stream().allMatch(ring::waitsForever));
            }
            ring.abort();
            // the next trial's loop thread has the same name: a thread of this one still on its way out (a torn-down
            // enter throws into the loop's cleanup) would pass its points and take the next trial's hold's count
            // (Netty 0.0.24's after-wakeup: 1 ERROR and 1 PASS in 20 repeats when it did)
            long deadline = System.nanoTime() + session.pointTimeout().toNanos();
            for (Thread t : loopThreads()) {
                long left = deadline - System.nanoTime();
                // a pool's worker waiting for its next task (the context scheduler's) ends with the context, below
                if (left > 0 && !WindowRun.awaitsNextTask(t)) {
                    try {
                        t.join(Math.max(1, left / 1_000_000));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
            app.close();
            if (second != null) {
                second.close();
                run.retire(List.of(second.thread()));
            }
            context.close();
            run.retire(loopThreads());
            run.retire(List.of(app.thread()));
            ring.trialOver(); // a loop the driver left running stops at its next call into the ring
        }
    }
}
