package io.github.fabrictck.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A kit thread that runs driver code one task at a time — a receive thread, a timer thread, the
 * application's thread. It knows exactly whether it has work, so {@link VirtualTime} can tell when
 * the driver is idle without guessing from thread states.
 */
public final class Worker implements Executor {

    private final String name;
    private final LinkedBlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final AtomicInteger pending = new AtomicInteger();
    private final List<String> errors = Collections.synchronizedList(new ArrayList<>());
    private final Thread thread;
    private final WindowRun run;
    private final Runnable onDone;
    private final AtomicInteger busyWorkers;
    private volatile boolean running;

    /**
     * Starts a worker.
     *
     * @param name    the thread's name, as traces and reports show it
     * @param factory makes the thread (the window's {@code DriverContext} factory tracks it)
     * @param run     the window, whose stuck detector sees the worker waiting for work as idle; or {@code null}
     * @param onDone  called after every task (wakes the time keeper)
     * @param busyWorkers counts the workers with work, so that the keeper need not look at every one
     */
    Worker(String name, ThreadFactory factory, WindowRun run, Runnable onDone, AtomicInteger busyWorkers) {
        this.name = name;
        this.run = run;
        this.onDone = onDone;
        this.busyWorkers = busyWorkers;
        this.thread = factory.newThread(this::loop);
        thread.setName(name);
        thread.setDaemon(true);
        if (run != null) {
            run.track(thread);
        }
        thread.start();
    }

    /** The worker's thread. */
    public Thread thread() {
        return thread;
    }

    /** Queues a task; tasks run in the order given. */
    @Override
    public void execute(Runnable task) {
        if (pending.getAndIncrement() == 0) {
            busyWorkers.incrementAndGet();
        }
        tasks.add(task);
    }

    /**
     * Whether the worker will do nothing until something else happens: no task queued or running,
     * or the running task is stopped (held by a script, blocked on a lock a driver thread holds, or
     * on a condition); not while it only waits to take a lock that is free or that the kit holds
     * ({@link WindowRun#waitsForLockToRun}).
     */
    public boolean idle() {
        if (pending.get() == 0) {
            return true;
        }
        if (!running || run != null && (run.isResuming(thread) || run.isWoken(thread))) {
            return false;
        }
        Thread.State s = thread.getState();
        return s == Thread.State.TERMINATED
                || (s == Thread.State.WAITING || s == Thread.State.BLOCKED) && (run == null || !run.waitsForLockToRun(thread, s));
    }

    /** Whether a task is queued or running (whatever the thread's state). */
    public boolean hasWork() {
        return pending.get() > 0;
    }

    /** What the driver's tasks threw on this worker, in words with where. */
    public List<String> errors() {
        return List.copyOf(errors);
    }

    /** Forgets the errors so far (between the trials of one window). */
    public void clearErrors() {
        errors.clear();
    }

    /** Stops the worker; a task still running is interrupted. */
    public void stop() {
        thread.interrupt();
    }

    private void loop() {
        while (true) {
            Runnable task;
            try {
                task = run == null ? tasks.take() : run.waitingForWork(tasks::take, () -> !tasks.isEmpty());
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                return;
            }
            running = true;
            try {
                task.run();
            } catch (Throwable t) {
                WindowRun.threadDied(Thread.currentThread(), t);
                StackTraceElement at = firstDriverFrame(t);
                errors.add(name + " threw " + t + (at == null ? "" : " at " + Site.format(at)));
            } finally {
                running = false;
                if (pending.decrementAndGet() == 0) {
                    busyWorkers.decrementAndGet();
                }
                onDone.run();
            }
            if (Thread.interrupted()) {
                return;
            }
        }
    }

    private static StackTraceElement firstDriverFrame(Throwable t) {
        for (StackTraceElement e : t.getStackTrace()) {
            String c = e.getClassName();
            if (!c.startsWith("java.") && !c.startsWith("jdk.") && !AgentConfig.isKitClass(c)) {
                return e;
            }
        }
        return null;
    }
}
