package io.github.fabrictck.windows;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.extension.InvocationInterceptor.Invocation;

/**
 * The time limit of a window variant ({@code fabric-tck.windowTimeout}), counted from the start of its latest trial:
 * a window that searches or sweeps starts trial after trial ({@link io.github.fabrictck.engine.Trace#restart()}), and
 * on a loaded machine a sweep of a correct design whose every trial is short took longer in all than the limit (a
 * timer wheel's CS-2 sweep: 14 to 52 s at load 6 to 7, once over 60 s: ERROR). The limit is a bound on how long the
 * kit waits without a new trial, which a hung trial still hits; a window that keeps starting trials is stopped after
 * {@value #CAP} times the limit. Either way the variant is ERROR with "timed out after N seconds", its thread
 * interrupted and left, as JUnit's own preemptive timeout does, and the next variant runs.
 */
final class WindowDeadline {

    /** The JUnit configuration parameter the launcher passes the limit in, in seconds. */
    static final String PARAMETER = "fabric-tck.windowTimeoutSeconds";

    /** How many times the limit a window that keeps starting trials may run in all. */
    static final int CAP = 5;

    /** How often the kit looks whether a new trial started. */
    private static final long LOOK_MILLIS = 100;

    private static final AtomicInteger THREADS = new AtomicInteger();

    private WindowDeadline() {
    }

    /**
     * Runs the variant's method on a thread of its own, at most {@code limit} without a new trial ({@code trials}
     * changed) and {@value #CAP} times {@code limit} in all.
     *
     * @param what the method's name, for the message
     */
    static <T> T run(Invocation<T> invocation, String what, Duration limit, LongSupplier trials) throws Throwable {
        return run(invocation, what, limit, limit.multipliedBy(CAP), trials, System::nanoTime);
    }

    /** {@link #run(Invocation, String, Duration, LongSupplier)} with its cap and its clock given. */
    static <T> T run(Invocation<T> invocation, String what, Duration limit, Duration cap, LongSupplier trials,
                     LongSupplier clock) throws Throwable {
        ExecutorService one = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fabric-tck-window-" + THREADS.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            Future<T> result = one.submit(() -> {
                try {
                    return invocation.proceed();
                } catch (Exception | Error e) {
                    throw e;
                } catch (Throwable t) {
                    throw new ExecutionException(t);
                }
            });
            long start = clock.getAsLong();
            long lastTrial = start;
            long seen = trials.getAsLong();
            while (true) {
                try {
                    return result.get(LOOK_MILLIS, TimeUnit.MILLISECONDS);
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    throw cause instanceof ExecutionException inner && inner.getCause() != null ? inner.getCause() : cause;
                } catch (TimeoutException notYet) {
                    long now = clock.getAsLong();
                    long count = trials.getAsLong();
                    if (count != seen) {
                        seen = count;
                        lastTrial = now;
                    }
                    String over = now - lastTrial > limit.toNanos()
                            ? limit.toSeconds() + " seconds" + (lastTrial == start ? "" : " without a new trial")
                            : now - start > cap.toNanos()
                            ? cap.toSeconds() + " seconds (its trials still coming; a window may run " + CAP
                            + " times fabric-tck.windowTimeout in all)" : null;
                    if (over != null) {
                        result.cancel(true);
                        throw new TimeoutException(what + "() timed out after " + over);
                    }
                }
            }
        } finally {
            one.shutdown();
        }
    }
}
