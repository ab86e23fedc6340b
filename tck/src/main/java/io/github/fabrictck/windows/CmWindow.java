package io.github.fabrictck.windows;

import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.Site;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.sim.AppThread;
import io.github.fabrictck.sim.KitContext;
import io.github.fabrictck.sim.SimulatedCm;
import io.github.fabrictck.sim.SimulatedCm.Answer;
import io.github.fabrictck.sim.SimulatedCm.Delivery;
import io.github.fabrictck.sim.SimulatedCm.Step;
import io.github.fabrictck.spi.cs.cm.CmEndpoint;
import io.github.fabrictck.spi.cs.cm.CmEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Assumptions;

/**
 * The fixture of CS-3's connection-manager variant: one trial per answer of the simulated rdma_cm
 * (every step succeeds; then each error at the step it answers), each with a fresh
 * {@link CmEndpoint} whose {@code connect} the application calls on a thread of the kit.
 *
 * <p>{@code connect} must end within {@code fabric-tck.setupBound} s of the connection manager's
 * time (its timed waits pass only when every driver thread is idle). A {@code connect} still
 * blocked while every driver thread is idle, no event waits in the channel and no timed wait on
 * the connection manager is left within the bound is reported at once, with where the
 * application's thread waits. The window does not run on the kit's virtual time (see
 * {@link SimulatedCm}); waiting for the driver to become idle is the stuck detector's
 * ({@link WindowRun#allIdle()}), never a sleep.
 */
public final class CmWindow extends WindowFixture {

    static final String ENDS = "connect() ends within the bound whatever step the connection manager answers with an "
            + "error, and returns once every step succeeded";
    /** The server the application connects to (TEST-NET-1, never routed). */
    static final String ADDRESS = "192.0.2.1:4791";
    /** The resolution timeout the application hands to connect, as DiSNI's examples do. */
    static final long RESOLVE_TIMEOUT_MS = 2000;

    /** The answers a sweep gives, in order: all success, then each error at its step. */
    static final List<Answer> ANSWERS = Arrays.asList(null,
            new Answer(Step.ADDRESS, CmEvent.ADDR_ERROR),
            new Answer(Step.ROUTE, CmEvent.ROUTE_ERROR),
            new Answer(Step.CONNECT, CmEvent.REJECTED),
            new Answer(Step.CONNECT, CmEvent.UNREACHABLE),
            new Answer(Step.CONNECT, CmEvent.CONNECT_ERROR));

    private final Set<String> endpointClasses = ConcurrentHashMap.newKeySet();
    private final List<AppThread> apps = new ArrayList<>();
    /** The application's thread of the trials, until a connect() hangs on it. */
    private AppThread app;
    private CmEndpoint endpoint;
    private SimulatedCm cm;
    private KitContext context;
    private boolean connectBlocked;
    /**
     * The wall time of the trial during which the driver was idle but for timed waits of its own
     * that end within the bound (a connect bounded by {@code wait(timeout)} or a condition's
     * {@code await}): the connection manager's time stands still meanwhile, so it counts beside it.
     */
    private long ownWaitNanos;

    CmWindow(WindowRun run, Session session) {
        super(run, session);
    }

    /** The bound, in nanoseconds of the connection manager's time. */
    private static long bound() {
        return TimeUnit.SECONDS.toNanos(CsWindow.SETUP_BOUND_S);
    }

    /** The trial's time: the connection manager's, and the driver's own timed waits while it stood still. */
    private long elapsed() {
        return cm.nanos() + ownWaitNanos;
    }

    /**
     * Whether every driver thread is idle and none is in a timed wait of its own that ends within
     * the bound: then only the connection manager's timed waits can move the driver.
     */
    private boolean idleButForTheConnectionManager() {
        return run.allIdle() && run.allIdle(java.time.Duration.ofNanos(bound()));
    }

    /**
     * Runs one trial per answer and judges each; the evidence names how each {@code connect} ended.
     * A {@code connect} that can never end is not the end of the sweep: the kit interrupts it (the
     * verdict is known), closes the endpoint and goes on, so the failure names every answer that
     * hangs and the line where each waits (the trace runs from the first hung trial on).
     */
    public void sweepAnswers() {
        List<String> ends = new ArrayList<>();
        List<String> hung = new ArrayList<>();
        for (Answer a : ANSWERS) {
            String end;
            try {
                end = trial(a, hung.isEmpty());
            } catch (WindowNotOpened e) {
                if (hung.isEmpty()) {
                    throw e;
                }
                // a hang is already found: what the kit could not do after it does not take that verdict back
                hung.add("the sweep stopped at " + (a == null ? "every step succeeds" : a.describe()) + ": "
                        + e.getMessage());
                break;
            }
            if (connectBlocked) {
                hung.add(end);
                if (!abandon()) {
                    break;
                }
            } else {
                ends.add(end);
            }
        }
        if (!hung.isEmpty()) {
            throw new InvariantViolation(ENDS, "connect() hung in " + hung.size() + " of " + ANSWERS.size()
                    + " trials: " + String.join("; then ", hung)
                    + (ends.isEmpty() ? "" : "; it ended in the others (" + String.join("; ", ends) + ")"));
        }
        run.opened("the connection manager answered each step with each error, and connect() ended every time: "
                + String.join("; ", ends));
    }

    /**
     * Ends a trial whose {@code connect} hangs: interrupts the application's thread and closes the
     * endpoint on a thread of its own.
     *
     * @return whether the driver settled, so that the next trial can run
     */
    private boolean abandon() {
        app.close();
        app = null;
        connectBlocked = false;
        AppThread closing = newApp("close");
        try {
            closeEndpoint(closing);
            closing.close();
            return true;
        } catch (RuntimeException e) {
            run.trace().add("kit", "the sweep stops: the endpoint of a hung connect() did not close: " + e.getMessage(),
                    null);
            return false;
        }
    }

    /** One trial: opens an endpoint on a fresh connection manager, connects, judges, closes. */
    private String trial(Answer answer, boolean restartTrace) {
        String what = answer == null ? "every step succeeds" : answer.describe();
        if (restartTrace) {
            run.trace().restart();
        }
        run.trace().add("kit", "trial: " + what, null);
        cm = new SimulatedCm(run, answer);
        ownWaitNanos = 0;
        context = new KitContext(run);
        if (app == null) {
            app = newApp("app");
        }
        AppThread app = this.app;
        endpoint = call(app, "Driver.openCmEndpoint", () -> session.driver().openCmEndpoint(context, cm));
        if (endpoint == null) {
            Assumptions.abort("driver " + session.driver().name() + " does not set up connections through an "
                    + "rdma_cm-style connection manager (Driver.openCmEndpoint returned null): it has no connect() "
                    + "waiting for the connection manager's events to bound");
        }
        endpointClasses.add(endpoint.getClass().getName());
        CmEndpoint ep = endpoint;
        String connectCall = "connect(\"" + ADDRESS + "\", " + RESOLVE_TIMEOUT_MS + ")";
        CompletableFuture<Void> connect = app.submit(connectCall, () -> {
            ep.connect(ADDRESS, RESOLVE_TIMEOUT_MS);
            return null;
        });
        connectBlocked = true;
        String stuck = awaitEnd(connect);
        Throwable thrown = thrown(connect);
        String conditions = what + " (" + String.join(", ", cm.calls()) + ")";
        if (stuck != null) {
            // judged by the sweep: connectBlocked stays set; a later hang is told short, as the first says how
            return restartTrace ? conditions + ": " + connectCall + " has not returned; " + answered(answer) + "; "
                    + stuck + ", so nothing will wake the application's thread, waiting in " + where(app.thread())
                    + " (" + run.whereThreadsAre() + ")"
                    : what + ": " + answered(answer) + "; connect() waits likewise in " + where(app.thread());
        }
        connectBlocked = false;
        String ended = connect.isCompletedExceptionally() ? "threw " + thrown : "returned";
        String at = " at " + seconds(elapsed()) + " of the connection manager's time"
                + (ownWaitNanos == 0 ? "" : " and the driver's own timed waits");
        if (elapsed() > bound()) {
            throw new InvariantViolation(ENDS, conditions + ": " + connectCall + " " + ended + " only" + at
                    + "; the bound is " + CsWindow.SETUP_BOUND_S + " s");
        }
        if (answer == null) {
            if (thrown != null) {
                throw new InvariantViolation(ENDS, conditions + ": " + connectCall + " threw " + thrown
                        + " though every step succeeded");
            }
            requireDelivered(CmEvent.ESTABLISHED, Step.CONNECT, ended);
        } else {
            requireDelivered(answer.error(), answer.step(), ended);
        }
        closeEndpoint(app);
        return what + ": " + ended + at + ", after " + delivered(answer == null ? CmEvent.ESTABLISHED : answer.error());
    }

    /** Evidence: the answer reached the driver; a step never reached could not be answered (ERROR). */
    private void requireDelivered(CmEvent event, Step step, String ended) {
        if (!cm.called(step)) {
            throw new WindowNotOpened("connect() " + ended + " before it called " + step.call() + ", so the connection "
                    + "manager could not answer it with " + event.rdmaName() + " (calls: "
                    + String.join(", ", cm.calls()) + ")");
        }
        if (cm.delivery(event) == null) {
            throw new WindowNotOpened("connect() " + ended + " before a driver thread took " + event.rdmaName()
                    + " from the event channel, so the kit cannot tell how it handles that answer");
        }
    }

    private String delivered(CmEvent event) {
        Delivery d = cm.delivery(event);
        return d == null ? event.rdmaName() + " (never taken)" : d.describe();
    }

    /** The answer, and whether the driver took it, in words for a failure. */
    private String answered(Answer answer) {
        if (answer == null) {
            return "every step succeeded (" + delivered(CmEvent.ESTABLISHED) + ")";
        }
        if (!cm.called(answer.step())) {
            return "the driver has not called " + answer.step().call() + " yet";
        }
        Delivery d = cm.delivery(answer.error());
        return "the connection manager answered " + answer.step().call() + " with " + answer.error().rdmaName()
                + (d == null ? ", which no driver thread took from the event channel"
                : ", which the driver took (" + d.describe() + ")");
    }

    /**
     * Waits until {@code call} ends; meanwhile, whenever every driver thread is idle, lets the
     * connection manager's time pass to the next deadline of a timed wait on it, up to the bound.
     *
     * @return why the call can never end, or {@code null} once it ended
     */
    private String awaitEnd(CompletableFuture<?> call) {
        long wallLimit = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(wallLimitMillis());
        long ownSince = 0;
        while (!call.isDone()) {
            boolean ownWait = false;
            if (run.allIdle() && !call.isDone()) {
                String hang = null;
                if (cm.pending()) {
                    hang = "every driver thread is idle and " + cm.delivered().size() + " event(s) were taken, but an "
                            + "event waits in the event channel that no driver thread takes";
                } else if (!run.allIdle(java.time.Duration.ofNanos(bound()))) {
                    // a timed wait of the driver's own (the wall clock's) ends within the bound: it will wake by itself
                    if (elapsed() >= bound()) {
                        hang = "at " + seconds(elapsed()) + " of the connection manager's time and the driver's own "
                                + "timed waits (the bound is " + CsWindow.SETUP_BOUND_S + " s) connect() has not ended, "
                                + "and the driver's threads wait only in timed waits of their own";
                    } else {
                        ownWait = true;
                    }
                } else if (elapsed() >= bound() || !cm.passTimeouts()) {
                    hang = "at " + seconds(elapsed()) + " of the connection manager's time (the bound is "
                            + CsWindow.SETUP_BOUND_S + " s) every driver thread is idle, no event waits in the event "
                            + "channel and no timed wait on the connection manager is left within the bound";
                }
                if (hang != null && stillIdle(call)) {
                    return hang;
                }
            }
            long now = System.nanoTime();
            if (ownWait && ownSince != 0) {
                ownWaitNanos += now - ownSince;
            }
            ownSince = ownWait ? now : 0;
            if (System.nanoTime() - wallLimit > 0) {
                throw new WindowNotOpened("connect() neither ended nor left the driver idle within "
                        + wallLimitMillis() + " ms of wall time (a driver thread that spins, or waits "
                        + "on something the kit does not see): " + run.whereThreadsAre());
            }
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
        }
        return null;
    }

    /**
     * Whether the driver stays idle, with {@code call} not done, the application's thread still inside the
     * endpoint's code and no driver activity, over three looks 10 ms apart of wall time: a hang is for ever, so this
     * costs a true one 30 ms; a connect() that had just returned on a loaded machine (its thread idle again before
     * the kit saw the call done) was once judged hung (sample, CS-3/cm, 1 of 6 trials, in a fresh build).
     */
    private boolean stillIdle(CompletableFuture<?> call) {
        // a fact first: a connect() still in progress has the endpoint's frame on the application's stack; without it
        // the call has returned and the application's thread is on its way back to the kit, however loaded the machine
        if (!inEndpoint(app.thread())) {
            return false;
        }
        long epoch = run.epoch();
        for (int look = 0; look < 3; look++) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
            if (call.isDone() || run.epoch() != epoch || !run.allIdle()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a frame of the trial's endpoint's class, a superclass or interface of it (an inherited or default
     * {@code connect}), or a class nested in one of them, is on {@code t}'s stack.
     */
    private boolean inEndpoint(Thread t) {
        CmEndpoint ep = endpoint;
        if (ep == null) {
            return false;
        }
        Set<String> names = new java.util.HashSet<>();
        List<Class<?>> todo = new ArrayList<>(List.of(ep.getClass()));
        while (!todo.isEmpty()) {
            Class<?> c = todo.remove(todo.size() - 1);
            if (c == null || c == Object.class || !names.add(c.getName())) {
                continue;
            }
            todo.add(c.getSuperclass());
            todo.addAll(Arrays.asList(c.getInterfaces()));
        }
        return Arrays.stream(t.getStackTrace()).map(StackTraceElement::getClassName).anyMatch(n -> names.contains(n)
                || n.indexOf('$') > 0 && names.contains(n.substring(0, n.indexOf('$'))));
    }

    /** Closes the trial's endpoint, letting the timed waits of the connection manager and the device pass. */
    private void closeEndpoint(AppThread app) {
        CmEndpoint ep = endpoint;
        endpoint = null;
        if (ep == null) {
            return;
        }
        // a thread that connect() started (DiSNI's CQ thread, running = true its first statement) runs to its first
        // point before the kit's close: the JVM's timing of a new thread is no step of the window
        CloseWait.afterStartedThreadsRan(run, session.pointTimeout(), "closing the endpoint");
        CompletableFuture<Void> close = app.submit("close()", () -> {
            ep.close();
            return null;
        });
        CloseWait.within(run, java.time.Duration.ofMillis(wallLimitMillis()))
                .idleWhen(this::idleButForTheConnectionManager)
                .firingTimers(cm::passTimeouts)
                .untilOrThrow(close, end -> new WindowNotOpened(end == CloseWait.End.CANNOT_RETURN
                        ? "close() of the connection manager's endpoint cannot return: every driver thread is idle "
                                + "and no timed wait is left: " + run.whereThreadsAre()
                        : "close() of the connection manager's endpoint did not return within " + wallLimitMillis()
                                + " ms: " + run.whereThreadsAre()));
        context.close();
    }

    private AppThread newApp(String name) {
        AppThread a = new AppThread(run, name);
        apps.add(a);
        return a;
    }

    /**
     * How long, in wall time, a call may run before the window is ERROR: ten times the point timeout,
     * as for opening a completion queue, since the first call of a library loads (and the agent
     * rewrites) its classes.
     */
    private long wallLimitMillis() {
        return session.pointTimeout().multipliedBy(10).toMillis();
    }

    private <T> T call(AppThread app, String what, java.util.concurrent.Callable<T> call) {
        try {
            return app.submit(what, call).get(wallLimitMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new WindowNotOpened(what + " failed: " + e.getCause());
        } catch (TimeoutException e) {
            throw new WindowNotOpened(what + " did not return within " + wallLimitMillis() + " ms: "
                    + run.whereThreadsAre());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WindowNotOpened(what + " was interrupted");
        }
    }

    private static Throwable thrown(CompletableFuture<?> f) {
        if (!f.isCompletedExceptionally()) {
            return null;
        }
        try {
            f.join();
            return null;
        } catch (java.util.concurrent.CompletionException e) {
            return e.getCause();
        }
    }

    private static String where(Thread t) {
        String at = Site.inDriver(t, 2);
        return at == null ? t.getName() + " (" + t.getState() + ")" : at;
    }

    private static String seconds(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.3f s", nanos / 1e9);
    }

    @Override
    List<String> driverClassNames() {
        return List.copyOf(endpointClasses);
    }

    /**
     * Ends the window: a {@code connect} still blocked is interrupted (the verdict is known), then
     * the endpoint is closed on a thread of its own; nothing here throws.
     */
    @Override
    public void close() {
        try {
            if (connectBlocked && app != null) {
                app.close();
            }
            if (endpoint != null && cm != null) {
                closeEndpoint(newApp("close"));
            }
        } catch (RuntimeException ignored) {
            // the verdict is already known; a driver that does not close is not this window's to judge
        } finally {
            apps.forEach(AppThread::close);
            if (context != null) {
                context.close();
            }
            run.finish();
        }
    }
}
