package io.github.fabrictck.windows;

import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.sim.AppThread;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The application thread and the device's interrupt thread (and, if asked, the kit's {@code kit-close}
 * thread) of an exploration, kept from one schedule to the next as long as every schedule ends with the
 * application's calls returned and no failure: starting the threads cost more than the rest of a short
 * schedule's setup. The threads keep their names, and each is renewed before the next schedule
 * ({@link AppThread#renewWithin}: no thread-local, interrupt, unpark permit, name or priority of the last
 * schedule's making), so the options, the decisions and the schedule files are those of new threads.
 */
final class KeptThreads implements AutoCloseable {

    private final WindowRun run;
    private final Duration timeout;
    private final boolean withCloser;
    AppThread app;
    AppThread interrupt;
    /** The thread that closes the driver after a schedule, or {@code null}. */
    AppThread closer;

    /**
     * @param timeout    how long a kept thread may take to leave the last schedule's code
     * @param withCloser whether a {@code kit-close} thread is kept too (it closes the driver after a schedule)
     */
    KeptThreads(WindowRun run, Duration timeout, boolean withCloser) {
        this.run = run;
        this.timeout = timeout;
        this.withCloser = withCloser;
    }

    /** Readies the threads of the next schedule: the kept ones renewed once they left the last schedule's code, else new ones. */
    void take() {
        if (app != null && !(app.renewWithin(timeout) && interrupt.renewWithin(timeout))) {
            close();
        }
        if (closer != null && !closer.renewWithin(timeout)) {
            dropCloser();
        }
        if (app == null) {
            app = new AppThread(run, "app");
            interrupt = new AppThread(run, "device-interrupt");
        }
        if (withCloser && closer == null) {
            closer = new AppThread(run, "kit-close", false);
        }
        // a new thread is ready once it waits for its first call: the window has its record of that wait by then
        app.finishedWithin(timeout);
        interrupt.finishedWithin(timeout);
    }

    private List<AppThread> threadsOf() {
        List<AppThread> all = new ArrayList<>(3);
        if (app != null) {
            all.add(app);
            all.add(interrupt);
        }
        if (closer != null) {
            all.add(closer);
        }
        return all;
    }

    /** The threads kept now. */
    List<Thread> threads() {
        return threadsOf().stream().map(AppThread::thread).toList();
    }

    /** The {@code kit-close} thread is not kept: it did not finish closing the driver (it is let go, not interrupted). */
    void dropCloser() {
        if (closer != null) {
            closer.abandon();
            run.retire(List.of(closer.thread()));
            closer = null;
        }
    }

    @Override
    public void close() {
        if (app != null) {
            app.close();
            interrupt.close();
            run.retire(List.of(app.thread(), interrupt.thread()));
            // a schedule's threads are named by their order among the live threads of their role: give the old
            // ones a moment to end, so that the next schedule's are named as in a new JVM (one stuck in the driver
            // stays behind)
            long until = System.nanoTime() + ENDING.toNanos();
            awaitEnd(app.thread(), until);
            awaitEnd(interrupt.thread(), until);
            app = null;
            interrupt = null;
        }
        if (closer != null) {
            closer.close();
            run.retire(List.of(closer.thread()));
            closer = null;
        }
    }

    /**
     * How long {@link #close} waits for the interrupted threads to end, both together: they end at once unless one is
     * stuck in the driver, and a shrink closes them after each of up to 200 failing replays.
     */
    private static final java.time.Duration ENDING = java.time.Duration.ofMillis(100);

    private static void awaitEnd(Thread t, long untilNanos) {
        long left = untilNanos - System.nanoTime();
        try {
            if (left > 0) {
                t.join(Math.max(1, java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(left)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
