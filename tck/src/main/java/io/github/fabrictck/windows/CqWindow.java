package io.github.fabrictck.windows;

import static org.awaitility.Awaitility.await;

import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.Match;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.sim.AppThread;
import io.github.fabrictck.sim.KitContext;
import io.github.fabrictck.sim.SimulatedDevice;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The fixture of a completion-queue window: the simulated device, the driver's endpoint opened on
 * it, the application thread, and the steps and judgements the CQ scripts share.
 */
public final class CqWindow extends WindowFixture {

    /** What an application waits for a send to complete: long, as real applications do. */
    static final Duration APPLICATION_TIMEOUT = Duration.ofMinutes(5);

    static final String CONSUMED = "every completion is consumed within a bound after it was enqueued";
    static final String NOT_STUCK = "no driver thread is idle while a completion queue holds a completion that no event will announce";
    static final String RULES = "the driver uses the device by its rules (no handler error, no use after destroy, every event acknowledged)";

    private final SimulatedDevice device;
    private final KitContext context;
    private final AppThread app;
    private final CompletionQueueDriver driver;
    private boolean closed;

    CqWindow(WindowRun run, Session session) {
        super(run, session);
        this.device = new SimulatedDevice(run);
        this.context = new KitContext(run);
        this.app = new AppThread(run, "app");
        this.driver = call("Driver.openCompletionQueue",
                () -> session.driver().openCompletionQueue(context, device));
        if (driver == null) {
            throw new WindowNotOpened("Driver.openCompletionQueue returned null");
        }
        device.attach(driver);
    }

    /** The simulated device. */
    public SimulatedDevice device() {
        return device;
    }

    /** The driver's endpoint. */
    public CompletionQueueDriver driver() {
        return driver;
    }

    /** The send completion queue. */
    public CompletionQueue sendQueue() {
        return device.sendCompletionQueue();
    }

    /** The receive completion queue. */
    public CompletionQueue receiveQueue() {
        return device.receiveCompletionQueue();
    }

    /** The application thread, which also waits in {@code awaitSendsComplete} and {@code receive}. */
    public Thread appThread() {
        return app.thread();
    }

    /** The device's interrupt thread, which runs the completion handler. */
    public Thread interruptThread() {
        return device.interruptThread();
    }

    @Override
    List<String> driverClassNames() {
        return driver == null ? List.of() : List.of(driver.getClass().getName());
    }

    // ---------------------------------------------------------------- script steps

    /** A hold on the completion handler just before it re-arms this queue (its {@code requestNotify}). */
    public Hold holdHandlerBeforeRearm(CompletionQueue queue) {
        return hold("the completion handler before it re-arms the " + queue.name() + " CQ",
                Match.call("CompletionQueue.requestNotify").on(interruptThread()).receiver(queue));
    }

    /** Makes an application call and waits for it to return; ERROR if it does not return in time. */
    public <T> T call(String what, Callable<T> call) {
        CompletableFuture<T> f = app.submit(what, call);
        try {
            return f.get(session.pointTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new WindowNotOpened("the application's call " + what + " did not return within "
                    + session.pointTimeout().toMillis() + " ms");
        } catch (ExecutionException e) {
            throw new WindowNotOpened(what + " threw " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WindowNotOpened("interrupted during " + what);
        }
    }

    /** Starts an application call that may block; the future completes when it returns. */
    public <T> CompletableFuture<T> start(String what, Callable<T> call) {
        return app.submit(what, call);
    }

    /** Waits until a thread is blocked in a call the driver made (or the call it was making has returned). */
    public void awaitBlockedOrDone(Thread thread, String who, CompletableFuture<?> call) {
        awaitScript(who + " is blocked", () -> call.isDone() || run.isBlockedInDriver(thread));
    }

    /** Sends {@code n} messages from the application; their completions are left to the script. */
    public void send(int n) {
        call("send x" + n, () -> {
            for (int i = 0; i < n; i++) {
                driver.send(("message " + (i + 1)).getBytes());
            }
            return null;
        });
    }

    /** Starts {@code awaitSendsComplete} on the application thread. */
    public CompletableFuture<Boolean> startAwaitSendsComplete() {
        return start("awaitSendsComplete(" + APPLICATION_TIMEOUT.toMinutes() + " min)",
                () -> driver.awaitSendsComplete(APPLICATION_TIMEOUT));
    }

    /** Starts {@code awaitSendsComplete} and waits until the waiter is blocked in the driver (or returned). */
    public CompletableFuture<Boolean> startWaiterUntilBlocked() {
        CompletableFuture<Boolean> waiter = startAwaitSendsComplete();
        awaitBlockedOrDone(appThread(), "the waiter in awaitSendsComplete", waiter);
        return waiter;
    }

    // ---------------------------------------------------------------- judgements

    /**
     * Every completion queued so far is consumed within the bound, and the driver is never stuck
     * with a completion no event will announce (reported the moment every thread is idle).
     */
    public void judgeEveryCompletionConsumed() {
        await(CONSUMED)
                .atMost(session.bound().multipliedBy(2))
                .pollInSameThread()
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(1))
                .failFast(NOT_STUCK, () -> {
                    Optional<String> stuck = run.stuck();
                    if (stuck.isPresent()) {
                        throw new InvariantViolation(NOT_STUCK, stuck.get());
                    }
                })
                .until(device::everyCompletionConsumed);
    }

    /** The application call returns what the invariant says, within the bound. */
    public <T> void judgeReturns(String invariant, CompletableFuture<T> call, T expected) {
        await(invariant).atMost(session.bound()).pollInSameThread().pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(1)).until(call::isDone);
        Object value;
        try {
            value = call.get();
        } catch (ExecutionException | InterruptedException e) {
            throw new InvariantViolation(invariant, "the call threw " + e.getCause());
        }
        if (!expected.equals(value)) {
            throw new InvariantViolation(invariant, "it returned " + value);
        }
    }

    /** The device saw no handler exception and no use against its rules. */
    public void judgeRules() {
        List<String> broken = new java.util.ArrayList<>(device.handlerErrors());
        broken.addAll(device.misuse());
        if (!broken.isEmpty()) {
            throw new InvariantViolation(RULES, String.join("; ", broken));
        }
    }

    /** Closes the driver (if the script did not), the application, the device and the context. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        run.finish();
        Thread closer = new Thread(() -> {
            try {
                driver.close();
            } catch (RuntimeException e) {
                run.trace().add("driver close() threw " + e, null);
            }
        }, "kit-close");
        closer.setDaemon(true);
        closer.start();
        try {
            closer.join(session.bound().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (closer.isAlive()) {
            run.trace().add("kit", "driver close() did not return within " + session.bound().toMillis() + " ms", null);
        }
        app.close();
        device.close();
        context.close();
    }

    /** Marks the endpoint closed by the script itself. */
    void closedByScript() {
        closed = true;
        app.close();
        device.close();
        context.close();
    }
}
