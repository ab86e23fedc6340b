package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.sim.SimulatedDevice;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * The fixture of a completion-queue window: the current {@link CqTrial} (the driver's endpoint on a
 * fresh simulated device, with the application thread), the steps and judgements the CQ scripts
 * share, and fresh trials for a window that searches its placements ({@link CqSearch}).
 */
public final class CqWindow extends WindowFixture {

    /** What an application waits for a send to complete: long, as real applications do. */
    static final Duration APPLICATION_TIMEOUT = Duration.ofMinutes(5);

    static final String CONSUMED = "every completion is consumed within a bound after it was enqueued";
    static final String NOT_STUCK = "no driver thread is idle while a completion queue holds a completion that no event will announce";
    static final String RULES = "the driver uses the device by its rules (no handler error, no use after destroy, every event acknowledged)";

    private CqTrial trial;
    private final List<String> endpointClasses = new ArrayList<>();

    CqWindow(WindowRun run, Session session) {
        super(run, session);
        this.trial = open();
    }

    private CqTrial open() {
        CqTrial t = new CqTrial(run, session);
        String name = t.driver().getClass().getName();
        if (!endpointClasses.contains(name)) {
            endpointClasses.add(name);
        }
        return t;
    }

    /** Closes the current trial and opens a fresh endpoint on a fresh device, which becomes current. */
    public CqTrial newTrial() {
        trial.close();
        trial = open();
        return trial;
    }


    /** The current trial. */
    public CqTrial trial() {
        return trial;
    }

    /** The simulated device. */
    public SimulatedDevice device() {
        return trial.device();
    }

    /** The driver's endpoint. */
    public CompletionQueueDriver driver() {
        return trial.driver();
    }

    /** The send completion queue. */
    public CompletionQueue sendQueue() {
        return trial.sendQueue();
    }

    /** The receive completion queue. */
    public CompletionQueue receiveQueue() {
        return trial.receiveQueue();
    }

    /** The application thread, which also waits in {@code awaitSendsComplete} and {@code receive}. */
    public Thread appThread() {
        return trial.appThread();
    }

    /** The device's interrupt thread, which runs the completion handler. */
    public Thread interruptThread() {
        return trial.interruptThread();
    }

    @Override
    List<String> driverClassNames() {
        return List.copyOf(endpointClasses);
    }

    @Override
    public Hold hold(String name, io.github.fabrictck.engine.PointMatcher match) {
        return trial.hold(name, match);
    }

    // ---------------------------------------------------------------- script steps

    /** Makes an application call and waits for it to return; ERROR if it does not return in time. */
    public <T> T call(String what, Callable<T> call) {
        return trial.call(what, call);
    }

    /** Starts an application call that may block; the future completes when it returns. */
    public <T> CompletableFuture<T> start(String what, Callable<T> call) {
        return trial.start(what, call);
    }

    /** Sends {@code n} messages from the application; their completions are left to the script. */
    public void send(int n) {
        trial.send(n);
    }

    /** Starts the driver's {@code close()} on the application thread. */
    public CompletableFuture<Void> startClose() {
        return trial.start("close", () -> {
            trial.driver().close();
            return null;
        });
    }

    /** Starts {@code awaitSendsComplete} on the application thread. */
    public CompletableFuture<Boolean> startAwaitSendsComplete() {
        return trial.startAwaitSendsComplete();
    }

    // ---------------------------------------------------------------- judgements

    /** See {@link CqTrial#judgeEveryCompletionConsumed()}. */
    public void judgeEveryCompletionConsumed() {
        trial.judgeEveryCompletionConsumed();
    }

    /** See {@link CqTrial#judgeReturns}. */
    public <T> void judgeReturns(String invariant, CompletableFuture<T> call, T expected) {
        trial.judgeReturns(invariant, call, expected);
    }

    /** See {@link CqTrial#judgeRules()}. */
    public void judgeRules() {
        trial.judgeRules();
    }

    /** Closes the current trial: the driver (if the script did not), the application, the device and the context. */
    @Override
    public void close() {
        run.finish();
        trial.close();
    }

    /** Marks the endpoint closed by the script itself. */
    void closedByScript() {
        trial.closedByScript();
    }
}
