package io.github.fabrictck.windows;

import static org.awaitility.Awaitility.await;

import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.PointMatcher;
import io.github.fabrictck.engine.StuckDetector;
import io.github.fabrictck.engine.ThreadDump;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.sim.AppThread;
import io.github.fabrictck.sim.KitContext;
import io.github.fabrictck.sim.SimulatedDevice;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One endpoint of the driver on a fresh simulated device, with its application thread: what a CQ
 * window runs its steps on. A window that searches for its points opens one per placement.
 */
public final class CqTrial implements AutoCloseable {

    /** A thread that passes this many points while the kit waits for the driver to settle is spinning. */
    static final int SPIN_POINTS = 5_000;

    private final WindowRun run;
    private final Session session;
    private final SimulatedDevice device;
    private final KitContext context;
    /** The context scheduler's timers as the exploration's decisions, or {@code null} (a scripted window's wall clock). */
    private final ExploredTimers timers;
    private final AppThread app;
    /** The driver's endpoint; {@code null} until an exploration's scenario opens it ({@link #open()}). */
    private volatile CompletionQueueDriver driver;
    private final List<Hold> holds = new ArrayList<>();
    private boolean closed;

    private final java.util.Set<Thread> before;
    private final List<io.github.fabrictck.sim.CompletionChannel<?>> channelsBefore;
    /** The application thread and the device's interrupt thread are kept for the next trial (an exploration's). */
    private final boolean kept;

    CqTrial(WindowRun run, Session session) {
        this(run, session, null, null);
    }

    /**
     * A trial on threads kept from one exploration schedule to the next, named {@code app} and {@code
     * device-interrupt} as a trial's own threads are; closing the trial leaves them running.
     */
    CqTrial(WindowRun run, Session session, AppThread keptApp, AppThread keptInterrupt) {
        this(run, session, keptApp, keptInterrupt, true);
    }

    /**
     * A trial on kept threads whose endpoint is opened now ({@code openNow}) or by the scenario, under the
     * exploration's scheduler, with {@link #open()}: the driver's threads then start inside the schedule.
     */
    CqTrial(WindowRun run, Session session, AppThread keptApp, AppThread keptInterrupt, boolean openNow) {
        this.run = run;
        this.session = session;
        this.kept = keptApp != null;
        this.before = java.util.Set.copyOf(run.threads());
        this.channelsBefore = List.copyOf(io.github.fabrictck.sim.CompletionChannel.createdIn(run));
        this.device = new SimulatedDevice(run, keptInterrupt);
        // an exploration's schedule decides when the context's timers fire (a replay fires them where it did); a
        // scripted window keeps the wall clock, whose scheduled pool the engine judges by its queue
        this.timers = kept ? new ExploredTimers(run, session.bound()) : null;
        this.context = kept ? new KitContext(run, timers.time()) : new KitContext(run);
        if (timers != null) {
            timers.timerThread(context::timerThread);
        }
        this.app = keptApp != null ? keptApp : new AppThread(run, "app");
        if (!openNow) {
            return;
        }
        CompletableFuture<CompletionQueueDriver> opened = app.submit("Driver.openCompletionQueue",
                () -> session.driver().openCompletionQueue(context, device));
        // opening loads and rewrites the driver's classes on first use: give it more than a point
        this.driver = result("Driver.openCompletionQueue", opened, session.pointTimeout().multipliedBy(10));
        if (driver == null) {
            throw new WindowNotOpened("Driver.openCompletionQueue returned null");
        }
        device.attach(driver);
        if (!kept) {
            // a scripted window: the threads the endpoint started run to their first point before its first step. A
            // close() that overtook DiSNI's CQ thread on a loaded machine (before its running = true) hung CQ-4/taken
            // once in a full build. That race is CQ-X/open-close's, whose scheduler decides when a started thread runs
            CloseWait.afterStartedThreadsRan(run, session.pointTimeout(), "starting the window");
            // and the endpoint settles: a poller that spins a while before it arms and waits has reached its wait, or
            // whether the first send found it polling or armed was the machine's load (zoo-cq-moderated-poller's
            // CQ-4/taken: N/A "armed none of its queues" in 1 of 5 runs, PASS in the others)
            settleOrSpin();
        }
    }

    /**
     * Opens the endpoint on the calling thread (the application's, inside a scenario) and attaches the
     * device to it, for a trial made with {@code openNow} false.
     */
    CompletionQueueDriver open() {
        if (driver != null) {
            throw new IllegalStateException("the endpoint is open");
        }
        CompletionQueueDriver d = session.driver().openCompletionQueue(context, device);
        if (d == null) {
            throw new IllegalStateException("Driver.openCompletionQueue returned null");
        }
        driver = d;
        device.attach(d);
        return d;
    }

    /**
     * The completion channels made in this window before this trial opened its endpoint: what the
     * endpoint's {@code close()} must destroy is the rest (the channels its opening made).
     */
    List<io.github.fabrictck.sim.CompletionChannel<?>> channelsBefore() {
        return channelsBefore;
    }

    /** The context scheduler's timers as decisions of an exploration, or {@code null} in a scripted window. */
    ExploredTimers timers() {
        return timers;
    }

    /** The simulated device. */
    public SimulatedDevice device() {
        return device;
    }

    /** The driver's endpoint. */
    public CompletionQueueDriver driver() {
        return driver;
    }

    /** The application thread, which also waits in {@code awaitSendsComplete} and {@code receive}. */
    public Thread appThread() {
        return app.thread();
    }

    /** The device's interrupt thread, which runs the completion handler. */
    public Thread interruptThread() {
        return device.interruptThread();
    }

    /** The send completion queue. */
    public CompletionQueue sendQueue() {
        return device.sendCompletionQueue();
    }

    /** The receive completion queue. */
    public CompletionQueue receiveQueue() {
        return device.receiveCompletionQueue();
    }

    /** Whether one of this trial's holds holds a thread now. */
    public boolean anyHeld() {
        return holds.stream().anyMatch(Hold::isHolding);
    }

    /** Places a hold that is released when the trial ends. */
    public Hold hold(String name, PointMatcher match) {
        Hold h = run.hold(name, match);
        holds.add(h);
        return h;
    }

    /** A hold that also looks at the point where a thread is held now ({@link WindowRun#holdAlsoWhereHeld}). */
    Hold holdAlsoWhereHeld(String name, PointMatcher match) {
        Hold h = run.holdAlsoWhereHeld(name, match);
        holds.add(h);
        return h;
    }

    // ---------------------------------------------------------------- application calls

    /** Makes an application call and waits for it to return; ERROR if it does not return in time. */
    public <T> T call(String what, Callable<T> call) {
        return result(what, app.submit(what, call), session.pointTimeout());
    }

    private <T> T result(String what, CompletableFuture<T> f, Duration timeout) {
        return resultWithin(what, f, timeout);
    }

    /** A throwable and its causes, {@code " (caused by ...)"} between them, the first driver frame of the innermost. */
    static String causes(Throwable t) {
        StringBuilder b = new StringBuilder(String.valueOf(t));
        java.util.Set<Throwable> seen = new java.util.HashSet<>();
        Throwable last = t;
        for (Throwable c = t == null ? null : t.getCause(); c != null && seen.add(c); c = c.getCause()) {
            b.append(" (caused by ").append(c).append(')');
            last = c;
        }
        if (last != t && last.getStackTrace().length > 0) {
            b.append(" at ").append(io.github.fabrictck.engine.Site.format(last.getStackTrace()[0]));
        }
        return b.toString();
    }

    /** The result of an application call; ERROR if it does not return in time or throws. */
    static <T> T resultWithin(String what, CompletableFuture<T> f, Duration timeout) {
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new WindowNotOpened("the application's call " + what + " did not return within "
                    + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            throw new WindowNotOpened(what + " threw " + causes(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WindowNotOpened("interrupted during " + what);
        }
    }

    /** Starts an application call that may block; the future completes when it returns. */
    public <T> CompletableFuture<T> start(String what, Callable<T> call) {
        return app.submit(what, call);
    }

    /**
     * Sends {@code n} messages from the application; their completions are left to the script. The sends are posted
     * when this returns, or the driver settled without posting them ({@link #awaitPosted}).
     */
    public void send(int n) {
        int before = device.sendsWaiting();
        call("send x" + n, () -> {
            for (int i = 0; i < n; i++) {
                driver.send(("message " + (i + 1)).getBytes());
            }
            return null;
        });
        if (!awaitPosted(run, session, () -> device.sendsWaiting() - before >= n)) {
            run.trace().add("kit", "send x" + n + " returned and the driver settled having posted "
                    + (device.sendsWaiting() - before) + " of " + n + " send(s)", null);
        }
    }

    /**
     * Waits until {@code posted} holds (the driver posted the sends the application asked for) or the driver settled
     * without it, at most the point timeout. The SPI asks {@code send} to post, not to post before it returns: a
     * driver may post from a thread of its own (an actor's mailbox, a progress thread), and a window that completed
     * a send at once would find none posted, a misjudgement of a correct design (an unseen vendor's mailbox driver,
     * ERROR in 2 of 5 runs).
     *
     * @return whether {@code posted} holds
     */
    static boolean awaitPosted(WindowRun run, Session session, java.util.function.BooleanSupplier posted) {
        long deadline = System.nanoTime() + session.pointTimeout().toNanos();
        while (!posted.getAsBoolean()) {
            if (run.misuse() != null) {
                throw new WindowNotOpened(run.misuse());
            }
            if (run.settle().settled() || System.nanoTime() - deadline > 0) {
                return posted.getAsBoolean();
            }
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
        }
        return true;
    }

    /** Starts {@code awaitSendsComplete} on the application thread. */
    public CompletableFuture<Boolean> startAwaitSendsComplete() {
        return start("awaitSendsComplete(" + CqWindow.APPLICATION_TIMEOUT.toMinutes() + " min)",
                () -> driver.awaitSendsComplete(CqWindow.APPLICATION_TIMEOUT));
    }

    /** Starts {@code receive} on the application thread. */
    public CompletableFuture<byte[]> startReceive() {
        return start("receive(" + CqWindow.APPLICATION_TIMEOUT.toMinutes() + " min)",
                () -> driver.receive(CqWindow.APPLICATION_TIMEOUT));
    }

    // ---------------------------------------------------------------- waiting for the driver

    /** The driver's threads did not settle in time: this placement cannot be judged. */
    static final class NotSettled extends WindowNotOpened {
        NotSettled(String message) {
            super(message);
        }
    }

    /** Why the driver cannot be brought to rest: one of its threads keeps running by itself. */
    static final class Spinning extends RuntimeException {
        Spinning(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Waits until every driver thread the kit does not hold has settled: blocked in a call nothing
     * woke, waiting for work that is not there, ended, or waiting for a lock whose owner has settled
     * or is held. ERROR if it never does; {@link Spinning} when a thread keeps passing points.
     *
     * @return the settled state, with the threads the kit's holds stall
     */
    public StuckDetector.Settle settle() {
        return settle(run, session);
    }

    /** {@link #settle()} on the driver threads of any window (an event loop's too). */
    static StuckDetector.Settle settle(WindowRun run, Session session) {
        long deadline = System.nanoTime() + session.pointTimeout().toNanos();
        List<Thread> threads = run.threads();
        long[] hitsBefore = new long[threads.size()];
        for (int i = 0; i < threads.size(); i++) {
            hitsBefore[i] = run.hitsOf(threads.get(i));
        }
        while (true) {
            if (run.misuse() != null) {
                throw new WindowNotOpened(run.misuse());
            }
            StuckDetector.Settle s = run.settle();
            if (s.settled()) {
                // a cycle of lock waits settles too: a deadlock is the kit's ERROR, named, not a state to judge
                String deadlock = ThreadDump.deadlock(run.threads());
                if (deadlock != null) {
                    throw new WindowNotOpened("the driver's threads deadlocked: " + deadlock);
                }
                return s;
            }
            for (int i = 0; i < threads.size(); i++) {
                Thread t = threads.get(i);
                if (run.hitsOf(t) - hitsBefore[i] > SPIN_POINTS && !run.isHeld(t)) {
                    throw new Spinning(t.getName() + " never blocks: it keeps polling (" + SPIN_POINTS
                            + " points passed while the kit waited for the driver to settle), so no completion waits "
                            + "for an event it missed");
                }
            }
            if (ThreadDump.deadlock(run.threads()) != null) {
                throw new WindowNotOpened("the driver's threads deadlocked: " + ThreadDump.deadlock(run.threads()));
            }
            if (System.nanoTime() - deadline > 0) {
                throw new NotSettled("the driver's threads did not settle within " + session.pointTimeout().toMillis()
                        + " ms (a thread that waits on something the kit does not see, or spins without passing points)");
            }
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
        }
    }

    /**
     * Waits until the hold catches its thread, or the driver settles without it doing so.
     *
     * @return whether the hold was reached
     */
    public boolean reachedOrSettled(Hold hold) {
        return reachedOrSettled(run, session, hold);
    }

    /** {@link #reachedOrSettled(Hold)} on the driver threads of any window. */
    static boolean reachedOrSettled(WindowRun run, Session session, Hold hold) {
        long deadline = System.nanoTime() + session.pointTimeout().toNanos();
        while (!hold.isReached()) {
            if (run.misuse() != null) {
                throw new WindowNotOpened(run.misuse());
            }
            if (run.settle().settled() && !hold.isReached()) {
                return false;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new WindowNotOpened("neither \"" + hold.name() + "\" happened nor did the driver's threads settle "
                        + "within " + session.pointTimeout().toMillis() + " ms");
            }
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
        }
        return true;
    }

    // ---------------------------------------------------------------- judgements

    /**
     * Every completion queued so far is consumed within the bound, and the driver is never stuck
     * with a completion no event will announce (reported the moment every thread is idle).
     */
    public void judgeEveryCompletionConsumed() {
        untilPointTimeout(CqWindow.CONSUMED, "not every completion was consumed",
                () -> await(CqWindow.CONSUMED)
                        .atMost(session.pointTimeout())
                        .pollInSameThread()
                        .pollDelay(Duration.ZERO)
                        .pollInterval(Duration.ofMillis(1))
                        .failFast(CqWindow.NOT_STUCK, () -> {
                            Optional<String> stuck = run.stuck();
                            if (stuck.isPresent()) {
                                throw new InvariantViolation(CqWindow.NOT_STUCK, stuck.get());
                            }
                        })
                        .until(device::everyCompletionConsumed));
    }

    /**
     * Runs a judgement's wait (an Awaitility wait of the point timeout that fails fast on a fact: a stuck driver, idle
     * threads) and says, if the time runs out, that the wall clock ended it. The point timeout, not the bound: a
     * driver that neither got there nor went idle within the bound is slow, not yet wrong (a correct semaphore design
     * took over 1 s at load 9 to return after its handler was released); not longer: a broken design whose timer keeps
     * ticking never goes idle, and its FAIL must not wait long.
     */
    private void untilPointTimeout(String invariant, String notYet, Runnable await) {
        long epoch = run.epoch();
        try {
            await.run();
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new InvariantViolation(invariant, notYet + " within " + session.pointTimeout().toMillis()
                    + " ms (the point timeout), " + (run.epoch() == epoch ? "no driver thread passing a point"
                    : "its threads still passing points") + " (a bound of the wall clock: the driver neither got "
                    + "there nor went idle): " + run.whereThreadsAre());
        }
    }

    /**
     * The application call returns what the invariant says, within the bound. A call that has not
     * returned while every driver thread is idle and every completion was consumed will only return
     * by its own timeout: a lost wakeup, reported at once.
     */
    public <T> void judgeReturns(String invariant, CompletableFuture<T> call, T expected) {
        judgeReturns(invariant, call, expected, () -> false);
    }

    /**
     * Judges as {@link #judgeReturns} does, unless one of this trial's holds catches a thread before
     * the call returns: a thread that had settled elsewhere (a timed wait of its own that ended) or
     * was still on its way may reach a hold late, and the held thread may then be the one that has
     * what the call waits for.
     *
     * @return whether the call was judged; {@code false} when a hold caught a thread first
     */
    public <T> boolean judgeReturnsUnlessHeld(String invariant, CompletableFuture<T> call, T expected) {
        return judgeReturns(invariant, call, expected, this::anyHeld);
    }

    private <T> boolean judgeReturns(String invariant, CompletableFuture<T> call, T expected,
                                     java.util.function.BooleanSupplier held) {
        // the verdict is a fact: the call returned, or every driver thread went idle without it returning
        untilPointTimeout(invariant, "the call has not returned",
                () -> await(invariant).atMost(session.pointTimeout()).pollInSameThread().pollDelay(Duration.ZERO)
                        .pollInterval(Duration.ofMillis(1))
                        .failFast(invariant, () -> {
                            if (!call.isDone() && device.everyCompletionConsumed() && run.allIdle() && !call.isDone()) {
                                throw new InvariantViolation(invariant, "the call has not returned although every "
                                        + "completion was consumed and every driver thread is idle, so it can only "
                                        + "return by its own timeout (a lost wakeup): " + run.whereThreadsAre());
                            }
                        })
                        .until(() -> call.isDone() || held.getAsBoolean()));
        if (!call.isDone()) {
            return false;
        }
        Object value;
        try {
            value = call.get();
        } catch (ExecutionException | InterruptedException e) {
            throw new InvariantViolation(invariant, "the call threw " + e.getCause());
        }
        if (!expected.equals(value)) {
            throw new InvariantViolation(invariant, "it returned " + value);
        }
        return true;
    }

    /** The device saw no handler exception and no use against its rules. */
    public void judgeRules() {
        List<String> broken = new ArrayList<>(device.handlerErrors());
        broken.addAll(device.misuse());
        if (!broken.isEmpty()) {
            throw new InvariantViolation(CqWindow.RULES, String.join("; ", broken));
        }
    }

    /** Releases the trial's holds, closes the driver (bounded), the application, the device and the context. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        holds.forEach(run::forget);
        CompletionQueueDriver d = driver;
        if (d != null) { // an exploration's scenario that never opened it leaves nothing to close
            CloseWait.onKitThread(run, session.bound(), d::close, null, timers == null ? () -> false : timers::fireForClose);
        }
        if (!kept) {
            app.close();
        }
        device.close();
        context.close();
        retireThreads();
        if (!kept) {
            device.trialOver(); // a poller the driver left running stops at its next call (an exploration's kept threads go on)
        }
    }

    /** The next trial does not watch this one's threads. */
    private void retireThreads() {
        List<Thread> mine = new ArrayList<>(run.threads());
        mine.removeAll(before);
        run.retire(mine);
    }

    /** Marks the endpoint closed by the script itself (it called {@code close()} on the driver). */
    void closedByScript() {
        closed = true;
        holds.forEach(run::forget);
        if (!kept) {
            app.close();
        }
        device.close();
        context.close();
    }

    /**
     * Waits as {@link #settle()} does, but a thread that keeps running (a busy poller) is no reason
     * to stop: the step goes on once the others have settled or the spin is seen.
     */
    public void settleOrSpin() {
        try {
            settle();
        } catch (Spinning e) {
            run.trace().add("kit", e.getMessage() + "; going on", null);
        }
    }
}
