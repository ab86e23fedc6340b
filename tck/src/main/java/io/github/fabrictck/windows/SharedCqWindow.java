package io.github.fabrictck.windows;

import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.ThreadDump;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.sim.AppThread;
import io.github.fabrictck.sim.KitContext;
import io.github.fabrictck.sim.SharedQueueDevice;
import io.github.fabrictck.spi.cq.SharedCompletionQueueDriver;
import io.github.fabrictck.spi.cq.SharedQueuePair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Assumptions;

/**
 * The fixture of a window on one completion queue shared by several queue pairs: a fresh
 * {@link SharedQueueDevice}, the application thread, and the driver's processing of the shared
 * queue, opened by the script ({@link #open()}) so that a driver without one is not applicable
 * rather than an error.
 */
public final class SharedCqWindow extends WindowFixture {

    private final SharedQueueDevice device;
    private final KitContext context;
    private final AppThread app;
    private final KeptThreads kept;
    private SharedCompletionQueueDriver driver;
    private boolean closed;
    private boolean endpointClosed;

    SharedCqWindow(WindowRun run, Session session) {
        this(run, session, null);
    }

    /**
     * A window on threads kept from one exploration schedule to the next ({@code kept}; {@code null} for
     * threads of its own): the window watches them from now on, as it would new ones, and closing it leaves
     * them running.
     */
    SharedCqWindow(WindowRun run, Session session, KeptThreads kept) {
        super(run, session);
        this.kept = kept;
        if (kept != null) {
            run.track(kept.interrupt.thread());
        }
        this.device = new SharedQueueDevice(run, kept == null ? null : kept.interrupt);
        this.context = new KitContext(run);
        if (kept != null) {
            run.track(kept.app.thread());
        }
        this.app = kept == null ? new AppThread(run, "app") : kept.app;
    }

    /**
     * Opens the driver's processing of the shared queue on the application thread; the window is
     * not applicable to a driver that never shares a completion queue between queue pairs.
     */
    public SharedCompletionQueueDriver open() {
        CompletableFuture<SharedCompletionQueueDriver> opened = app.submit("Driver.openSharedCompletionQueue",
                () -> session.driver().openSharedCompletionQueue(context, device.queue()));
        driver = result("Driver.openSharedCompletionQueue", opened, session.pointTimeout().multipliedBy(10));
        if (driver == null) {
            Assumptions.abort("the driver never shares one completion queue between queue pairs "
                    + "(Driver.openSharedCompletionQueue returned null): each endpoint's completions come from a queue "
                    + "of its own, so none can reach another endpoint");
        }
        device.attach(driver);
        return driver;
    }

    /** The simulated device. */
    public SharedQueueDevice device() {
        return device;
    }

    /** The driver's processing of the shared queue. */
    public SharedCompletionQueueDriver driver() {
        return driver;
    }

    /** Connects an endpoint on a new queue pair of the shared queue, with its own callback, from the application. */
    public Endpoint connect(int queuePairNumber) {
        SharedQueuePair qp = device.createQueuePair(queuePairNumber);
        SharedQueueDevice.EndpointConsumer consumer = device.consumer(qp);
        SharedCompletionQueueDriver.QueuePairEndpoint endpoint = call("connect(QP " + queuePairNumber + ")",
                () -> driver.connect(qp, consumer));
        if (endpoint == null) {
            throw new WindowNotOpened("SharedCompletionQueueDriver.connect returned null for QP " + queuePairNumber);
        }
        return new Endpoint(qp, consumer, endpoint);
    }

    /** Sends {@code n} messages on an endpoint from the application; their completions are left to the script. */
    public void send(Endpoint e, int n) {
        call("send x" + n + " on QP " + e.queuePair().number(), () -> {
            for (int i = 0; i < n; i++) {
                e.endpoint().send(("message " + (i + 1)).getBytes());
            }
            return null;
        });
        CqTrial.awaitPosted(run, session, () -> device.outstanding(e.queuePair()) >= n);
        if (device.outstanding(e.queuePair()) < n) {
            throw new WindowNotOpened("the driver posted " + device.outstanding(e.queuePair()) + " send(s) on QP "
                    + e.queuePair().number() + " for " + n + " send() call(s)");
        }
    }

    /** Starts an application call that may block; the future completes when it returns. */
    public <T> CompletableFuture<T> start(String what, Callable<T> call) {
        return app.submit(what, call);
    }

    /** Makes an application call and waits for it to return; ERROR if it does not return in time. */
    public <T> T call(String what, Callable<T> call) {
        return result(what, app.submit(what, call), session.pointTimeout());
    }

    private <T> T result(String what, CompletableFuture<T> f, Duration timeout) {
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new WindowNotOpened("the application's call " + what + " did not return within "
                    + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            throw new WindowNotOpened(what + " threw " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WindowNotOpened("interrupted during " + what);
        }
    }

    /** Waits until every driver thread has settled; ERROR if it never does or the threads deadlock. */
    public void settle() {
        long deadline = System.nanoTime() + session.pointTimeout().toNanos();
        for (int spins = 0; ; spins++) {
            if (run.misuse() != null) {
                throw new WindowNotOpened(run.misuse());
            }
            String deadlock = ThreadDump.deadlock(run.threads());
            if (deadlock != null) {
                throw new WindowNotOpened("the driver's threads deadlocked: " + deadlock);
            }
            if (run.settle().settled()) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new WindowNotOpened("the driver's threads did not settle within "
                        + session.pointTimeout().toMillis() + " ms");
            }
            if (spins < 100) {
                Thread.yield(); // nearly always a thread on its way back to its wait: it needs the processor, not time
            } else {
                LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
            }
        }
    }

    /**
     * Every completion queued so far is taken within the bound, and the driver is never stuck with
     * a completion no event will announce (reported the moment every thread is idle).
     */
    public void judgeEveryCompletionConsumed() {
        long deadline = System.nanoTime() + session.bound().multipliedBy(2).toNanos();
        while (!device.everyCompletionConsumed()) {
            Optional<String> stuck = run.stuck();
            if (stuck.isPresent()) {
                throw new InvariantViolation(CqWindow.NOT_STUCK, stuck.get());
            }
            if (System.nanoTime() - deadline > 0) {
                throw new InvariantViolation(CqWindow.CONSUMED, "completions still wait in the shared CQ "
                        + session.bound().multipliedBy(2).toMillis() + " ms after they were queued: "
                        + String.join("; ", device.unannounced()));
            }
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
        }
    }

    /** The device saw no handler exception and no use against its rules. */
    public void judgeRules() {
        List<String> broken = new ArrayList<>(device.handlerErrors());
        broken.addAll(device.misuse());
        if (!broken.isEmpty()) {
            throw new InvariantViolation(CqWindow.RULES, String.join("; ", broken));
        }
    }

    @Override
    List<String> driverClassNames() {
        return driver == null ? List.of() : List.of(driver.getClass().getName());
    }

    /** Closes the driver (bounded; the device's time passes when every driver thread is idle), the application and the device. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        run.finish();
        closeEndpoint();
    }

    /** Closes the driver, the application and the device, not the window's run: an exploration closes one a schedule. */
    void closeEndpoint() {
        if (endpointClosed) {
            return;
        }
        endpointClosed = true;
        if (driver != null && !CloseWait.onKitThread(run, session.bound(), driver::close,
                kept == null ? null : kept.closer, () -> false)
                && kept != null) {
            kept.dropCloser();
        }
        if (kept == null) {
            app.close();
        }
        device.close();
        context.close();
    }

    /**
     * One endpoint the application connected.
     *
     * @param queuePair the device's queue pair it owns
     * @param consumer  the application's callback, which keeps what it was given
     * @param endpoint  the driver's endpoint
     */
    public record Endpoint(SharedQueuePair queuePair, SharedQueueDevice.EndpointConsumer consumer,
                           SharedCompletionQueueDriver.QueuePairEndpoint endpoint) {
    }
}
