package io.github.fabrictck.windows;

import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.sim.AppThread;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * Waits for the driver's {@code close()} to return, the one way every window does: while it has not,
 * the kit looks whether every driver thread is idle, and then lets time pass that a close may wait
 * for (the driver's timers on virtual time, if given, then the device's timeouts, {@link
 * WindowRun#passDeviceTimeouts()}); a close that has not returned when every driver thread is idle
 * and no time is left to pass can never return. What the caller makes of that, or of a close that
 * did not return in time, is the caller's ({@link End}).
 *
 * <p>A driver thread in a short timed wait of its own (a timer 1 ms ahead on the wall clock) is not
 * idle: the wait goes on until that wait ends, at most until the deadline.
 */
final class CloseWait {

    /** How a wait for {@code close()} ended. */
    enum End {
        /** {@code close()} returned. */
        RETURNED,
        /** {@code close()} has not returned and cannot: every driver thread idle, no time left to pass. */
        CANNOT_RETURN,
        /** {@code close()} did not return before the deadline. */
        OUT_OF_TIME
    }

    /** Consecutive looks that must each find a kit-thread close hopeless before the kit stops waiting for it. */
    private static final int HOPELESS_LOOKS = 20;

    private final WindowRun run;
    private final Duration within;
    private BooleanSupplier idle;
    private BooleanSupplier timers = () -> false;
    private int hopelessLooks = 1;
    private Runnable between = () -> LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
    private boolean timeoutsPassed;

    private CloseWait(WindowRun run, Duration within) {
        this.run = run;
        this.within = within;
        this.idle = run::allIdle;
    }

    /** A wait of at most {@code within} on the window's driver threads. */
    static CloseWait within(WindowRun run, Duration within) {
        return new CloseWait(run, within);
    }

    /**
     * When the close counts as waiting while every driver thread is idle ({@link WindowRun#allIdle()}
     * unless told otherwise): a kit thread that has not taken the close yet is not waiting.
     */
    CloseWait idleWhen(BooleanSupplier idle) {
        this.idle = idle;
        return this;
    }

    /**
     * The driver's timers on virtual time that no scheduler runs any more: whenever every driver
     * thread is idle, fires the next instant's timers (false when none fired), which a close may wait for.
     */
    CloseWait firingTimers(BooleanSupplier timers) {
        this.timers = timers;
        return this;
    }

    /** How many consecutive looks must find the close hopeless (1 unless told otherwise). */
    CloseWait hopelessAfter(int looks) {
        this.hopelessLooks = looks;
        return this;
    }

    /** What the kit does between two looks (a 50 µs pause unless told otherwise). */
    CloseWait between(Runnable between) {
        this.between = between;
        return this;
    }

    /** Waits for a close started on the application thread; the waiter looks at once when it returns. */
    End until(CompletableFuture<?> close) {
        Thread waiter = Thread.currentThread();
        close.whenComplete((v, e) -> LockSupport.unpark(waiter));
        return until(close::isDone);
    }

    /**
     * Waits for a close started on the application thread, and throws what {@code notReturned} makes of
     * one that did not return ({@link End#CANNOT_RETURN} or {@link End#OUT_OF_TIME}): the window's verdict
     * ({@code InvariantViolation}) or its ERROR ({@code WindowNotOpened}).
     */
    <X extends Throwable> void untilOrThrow(CompletableFuture<?> close, Function<End, X> notReturned) throws X {
        End end = until(close);
        if (end != End.RETURNED) {
            throw notReturned.apply(end);
        }
    }

    /** Waits until {@code returned} says the close returned. */
    End until(BooleanSupplier returned) {
        long deadline = System.nanoTime() + within.toNanos();
        int hopeless = 0;
        while (!returned.getAsBoolean()) {
            boolean idleNow = idle.getAsBoolean();
            if (idleNow && timers.getAsBoolean()) {
                hopeless = 0; // a timer of the driver's fired on virtual time: the close may have been waiting for it
            } else if (idleNow && run.passDeviceTimeouts()) {
                hopeless = 0;
                timeoutsPassed = true;
            } else if (idleNow && !returned.getAsBoolean()) {
                if (++hopeless >= hopelessLooks) {
                    return End.CANNOT_RETURN;
                }
            } else {
                hopeless = 0;
            }
            if (System.nanoTime() - deadline > 0) {
                return returned.getAsBoolean() ? End.RETURNED : End.OUT_OF_TIME;
            }
            between.run();
        }
        return End.RETURNED;
    }

    /** Whether the device's time passed during the wait (a timed wait of the driver's on the device ended). */
    boolean timeoutsPassed() {
        return timeoutsPassed;
    }

    /**
     * Before the kit's next step (closing the driver or a connection manager's endpoint at the end of a trial, or the
     * first step of a scripted window once the driver's endpoint opened), the threads the driver just started run their
     * first statements up to their first point (at most {@code bound}): how soon the JVM runs a new thread is no step
     * of any window, and a step raced against it would make the verdict the machine's load (DiSNI's CQ thread sets
     * {@code running = true} first; a close before it hangs in {@code join}, which CQ-X/open-close forces on purpose).
     * A thread still not there after the bound is gone on without, with a trace line naming {@code next}.
     */
    static void afterStartedThreadsRan(WindowRun run, Duration bound, String next) {
        long deadline = System.nanoTime() + bound.toNanos();
        List<Thread> starting;
        while (!(starting = run.beforeTheirFirstPoint()).isEmpty()) {
            if (System.nanoTime() - deadline > 0) {
                run.trace().add("kit", next + " while " + starting.stream().map(Thread::getName).toList()
                        + " had not reached a point within " + bound.toMillis() + " ms of starting", null);
                return;
            }
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
        }
    }

    /**
     * Closes the driver on a kit thread and waits for it at most {@code bound}, noting in the trace a close
     * that threw or did not return. A close that waits for a driver thread in a timed wait on the device
     * ({@code getCqEvent(1000)}) returns once the device's time passes, which it does when every driver
     * thread is idle. A close that waits while every driver thread is idle and no device timeout is pending
     * can never return (CQ-7 judges that): waiting out the bound would only cost every exploration schedule
     * that found it, so the kit stops after {@value #HOPELESS_LOOKS} such looks.
     *
     * @param closer     a {@code kit-close} thread kept from one exploration schedule to the next (watched
     *                   again from its first point, as a new thread is), or {@code null} for a new thread
     * @param fireTimers for a driver whose timers are on virtual time that no scheduler runs any more: whenever
     *                   every driver thread is idle, fires the next instant's timers (false when none fired),
     *                   which a close may wait for; {@code () -> false} on the wall clock
     * @return whether the close returned (a kept closer that did not is still inside the driver)
     */
    static boolean onKitThread(WindowRun run, Duration bound, Runnable close, AppThread closer,
                               BooleanSupplier fireTimers) {
        afterStartedThreadsRan(run, bound, "closing the driver");
        Thread waiter = Thread.currentThread();
        AtomicInteger state = new AtomicInteger(); // 1 running, 2 done
        Runnable task = () -> {
            state.set(1);
            try {
                close.run();
            } catch (RuntimeException e) {
                run.trace().add("driver close() threw " + e, null);
            } finally {
                state.set(2);
                LockSupport.unpark(waiter); // the waiter looks at once, not at its next poll
            }
        };
        Thread t;
        if (closer == null) {
            t = new Thread(task, "kit-close");
            t.setDaemon(true);
            t.start();
        } else {
            t = closer.thread();
            run.renew(t);
            closer.execute(task);
        }
        // a kept closer that has not taken the close yet waits for it, as a new thread that has not run is runnable
        End end = within(run, bound)
                .idleWhen(() -> state.get() == 1 && run.allIdle() && waits(t))
                .firingTimers(fireTimers)
                .hopelessAfter(HOPELESS_LOOKS)
                .until(() -> state.get() == 2);
        if (end == End.CANNOT_RETURN) {
            run.trace().add("kit", "driver close() cannot return: every driver thread is idle and no timeout of "
                    + "the device is pending", null);
        } else if (end == End.OUT_OF_TIME) {
            run.trace().add("kit", "driver close() did not return within " + bound.toMillis() + " ms", null);
        }
        return end == End.RETURNED;
    }

    /** Whether a thread waits (not running, not about to take a lock). */
    private static boolean waits(Thread t) {
        Thread.State s = t.getState();
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING;
    }
}
