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

    /** Makes a call to the driver on the application thread; the future completes with its result. */
    public <T> CompletableFuture<T> submit(String what, Callable<T> call) {
        CompletableFuture<T> f = new CompletableFuture<>();
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
                run.waitingForWork(calls::take, () -> !calls.isEmpty()).run();
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
