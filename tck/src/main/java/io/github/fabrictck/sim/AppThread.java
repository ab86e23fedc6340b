package io.github.fabrictck.sim;

import io.github.fabrictck.engine.WindowRun;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The application: one thread that calls the driver's API for the script, one call at a time.
 * It is a driver thread for the engine (it runs driver code); waiting for its next call it is idle.
 */
public final class AppThread implements AutoCloseable {

    private final WindowRun run;
    private final LinkedBlockingQueue<Runnable> calls = new LinkedBlockingQueue<>();
    private final Thread thread;
    private volatile boolean closed;
    /** Calls given and not finished yet. */
    private final java.util.concurrent.atomic.AtomicInteger unfinished = new java.util.concurrent.atomic.AtomicInteger();

    public AppThread(WindowRun run, String name) {
        this.run = run;
        this.thread = new Thread(this::loop, name);
        this.thread.setDaemon(true);
        run.track(thread);
        thread.start();
    }

    /** The application thread. */
    public Thread thread() {
        return thread;
    }

    /**
     * Runs a task of the kit's on this thread (a device's interrupt loop on a thread kept from one
     * exploration schedule to the next), with no trace of its own.
     */
    public void execute(Runnable task) {
        unfinished.incrementAndGet();
        calls.add(task);
    }

    /**
     * Whether every call and task given has finished, waiting at most {@code timeout} for it: a thread
     * kept for the next schedule must have left the last one's driver code.
     */
    public boolean finishedWithin(java.time.Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (int spins = 0; unfinished.get() > 0; spins++) {
            if (closed || !thread.isAlive() || System.nanoTime() - deadline > 0) {
                return false;
            }
            if (spins < 100) {
                Thread.onSpinWait();
            } else {
                java.util.concurrent.locks.LockSupport.parkNanos(20_000);
            }
        }
        // a call that left the thread interrupted ends its loop at the next wait: it cannot be kept
        return !closed && thread.isAlive() && !thread.isInterrupted();
    }

    /** Makes a call to the driver on the application thread; the future completes with its result. */
    public <T> CompletableFuture<T> submit(String what, Callable<T> call) {
        CompletableFuture<T> f = new CompletableFuture<>();
        unfinished.incrementAndGet();
        calls.add(() -> {
            run.trace().add("app calls " + what, null);
            try {
                T value = call.call();
                run.trace().add("app call " + what + " returned " + value, null);
                f.complete(value);
            } catch (Throwable e) {
                run.trace().add("app call " + what + " threw " + e, null);
                f.completeExceptionally(e);
            }
        });
        return f;
    }

    private void loop() {
        while (!closed) {
            try {
                Runnable call = run.waitingForWork(calls::take, () -> !calls.isEmpty());
                try {
                    call.run();
                } finally {
                    unfinished.decrementAndGet();
                }
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                return;
            }
        }
    }

    /** Stops the thread; a call still blocked in the driver is interrupted. */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
