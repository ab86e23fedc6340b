package io.github.fabrictck.sim;

import io.github.fabrictck.engine.WindowRun;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * The application: one thread that calls the driver's API for the script, one call at a time.
 * It is a driver thread for the engine (it runs driver code); waiting for its next call it is idle.
 */
public final class AppThread implements AutoCloseable {

    private final WindowRun run;
    private final LinkedBlockingQueue<Runnable> calls = new LinkedBlockingQueue<>();
    private final Thread thread;
    private volatile boolean closed;
    private final boolean driverThread;
    /** Whether the thread waits for its next call (it has left the last one and is back in its wait). */
    private volatile boolean waiting;
    /** What a new thread of this name has, which {@link #renewWithin} restores. */
    private final String name;
    private final int priority;
    private final ClassLoader loader;
    private volatile Object inheritedAtStart;
    /** Set by {@link #renewWithin}: the thread renews itself before its next call. */
    private volatile boolean renewing;
    /** Its thread-locals could not be cleared: it is not renewed again. */
    private volatile boolean spent;
    /** The thread waiting in {@link #finishedWithin}, woken when this one is back in its wait. */
    private volatile Thread awaiting;
    /** Calls given and not finished yet. */
    private final java.util.concurrent.atomic.AtomicInteger unfinished = new java.util.concurrent.atomic.AtomicInteger();

    public AppThread(WindowRun run, String name) {
        this(run, name, true);
    }

    /**
     * A thread of the kit's that runs calls one at a time; {@code driverThread} when the window watches it
     * from its start (the application's, a device's interrupt thread), else it is watched, as any thread
     * is, only from the first point it passes (the kit's {@code kit-close}).
     */
    public AppThread(WindowRun run, String name, boolean driverThread) {
        this.run = run;
        this.driverThread = driverThread;
        this.thread = new Thread(this::loop, name);
        this.thread.setDaemon(true);
        this.name = name;
        this.priority = thread.getPriority();
        this.loader = thread.getContextClassLoader();
        if (driverThread) {
            run.track(thread);
        }
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
        awaiting = Thread.currentThread();
        try {
            // back in its wait for the next call, too: the window has its record of that wait by then
            for (int spins = 0; unfinished.get() > 0 || !waiting; spins++) {
                if (closed || !thread.isAlive() || System.nanoTime() - deadline > 0) {
                    return false;
                }
                if (spins < 20) {
                    Thread.onSpinWait();
                } else {
                    // the thread wakes this one when it is back in its wait (next)
                    LockSupport.parkNanos(this, 200_000);
                }
            }
        } finally {
            awaiting = null;
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

    /**
     * Readies a thread kept from one exploration schedule to the next to start the next as a new thread
     * of its name would, waiting at most {@code timeout} for it to leave the last schedule's code: its
     * name, priority, context class loader and uncaught-exception handler are restored now; before it
     * runs its next call, on the thread itself, its thread-locals are cleared (the inherited ones restored
     * as they were at its start) and an unpark permit left to it is taken. A thread that is interrupted,
     * ended, still busy, or whose thread-locals the kit cannot reach (no agent opened {@code java.lang}
     * to it) is not renewed: it cannot be kept.
     *
     * @return whether the thread can be kept
     */
    public boolean renewWithin(java.time.Duration timeout) {
        if (spent || !ThreadState.resettable() || !finishedWithin(timeout)) {
            return false;
        }
        thread.setName(name);
        thread.setPriority(priority);
        thread.setContextClassLoader(loader);
        thread.setUncaughtExceptionHandler(null);
        // read by the thread once it took its next call, which comes after this write
        renewing = true;
        return true;
    }

    /** The part of {@link #renewWithin} the thread does itself. */
    private void renewSelf() {
        Thread self = Thread.currentThread();
        if (!ThreadState.reset(self, inheritedAtStart)) {
            spent = true; // this schedule runs on it; the next starts a new thread
        }
        LockSupport.unpark(self);
        LockSupport.park(this); // the permit the driver may have left is gone with the one just given
    }

    private void loop() {
        inheritedAtStart = ThreadState.inherited(thread);
        while (!closed) {
            try {
                Runnable call = driverThread ? run.waitingForWork(this::next, () -> !calls.isEmpty()) : next();
                if (renewing) {
                    renewing = false;
                    renewSelf();
                }
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

    private Runnable next() throws InterruptedException {
        if (Thread.currentThread().isInterrupted()) {
            // the wait would throw: the loop ends, and the thread never counts as back in its wait
            throw new InterruptedException();
        }
        waiting = true;
        Thread a = awaiting;
        if (a != null) {
            LockSupport.unpark(a);
        }
        try {
            return calls.take();
        } finally {
            waiting = false;
        }
    }

    /** Lets the thread go without interrupting it: it ends once its current call returns, if ever. */
    public void abandon() {
        closed = true;
        execute(() -> { });
    }

    /** Stops the thread; a call still blocked in the driver is interrupted. */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
