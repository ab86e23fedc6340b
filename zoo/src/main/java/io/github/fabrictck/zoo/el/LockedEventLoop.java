package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.Cqe;
import io.github.fabrictck.spi.el.EventFd;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import java.util.ArrayDeque;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An event loop whose state is all under one {@link ReentrantLock}: a plain {@link ArrayDeque} of tasks, a
 * {@code sleeping} flag and the shutdown flag. The loop takes its tasks in batches under the lock and, finding none,
 * says {@code sleeping = true} in the same critical section; a waker takes the lock, adds its task and, only when the
 * loop said it sleeps, clears the flag and writes the eventfd, still under the lock. So every write belongs to exactly
 * one sleep and completes the READ that sleep waits for, and no write is made once the loop stopped sleeping for good.
 *
 * <p>The READ is queued and submitted together, at the start and after each completion. Shutting down, once it has
 * decided to end (under the lock: shutdown set, no task left), the loop drains its eventfd as Netty 4.2's
 * {@code IoUringIoHandler} does: it writes the eventfd itself and waits for the READ's completion, so nothing it
 * submitted is left in the ring, then closes the eventfd and the ring.
 *
 * <p>With {@code wakeBeforeAdd} ({@code zoo-el-write-first-broken}) the waker wakes the loop first, in one critical
 * section, and adds its task in a second one: the loop can take the wakeup, find no task, say it sleeps and wait
 * before the task is added, which then waits while the loop sleeps (EL-2).
 */
final class LockedEventLoop implements EventLoop {

    private static final long EVENTFD_READ = 7;

    private final Ring ring;
    private final EventFd eventFd;
    private final boolean wakeBeforeAdd;
    private final ReentrantLock lock = new ReentrantLock();
    /** Guarded by {@link #lock}. */
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
    /** Guarded by {@link #lock}: the loop waits, or is about to, and wants an eventfd write for the next task. */
    private boolean sleeping;
    /** Guarded by {@link #lock}. */
    private boolean shutdown;
    private final Thread thread;

    /** Loop thread only: a READ was submitted and its completion not seen yet. */
    private boolean readInFlight;

    LockedEventLoop(DriverContext context, Ring ring, boolean wakeBeforeAdd) {
        this.ring = ring;
        this.wakeBeforeAdd = wakeBeforeAdd;
        this.eventFd = ring.openEventFd();
        this.thread = context.threadFactory().newThread(this::loop);
        this.thread.start();
    }

    @Override
    public void execute(Runnable task) {
        if (wakeBeforeAdd) {
            lock.lock();
            try {
                rejectIfShutdown();
                wakeIfSleeping(); // BROKEN: the wakeup goes out before the task is in the queue
            } finally {
                lock.unlock();
            }
        }
        lock.lock();
        try {
            rejectIfShutdown();
            tasks.addLast(task);
            if (!wakeBeforeAdd) {
                wakeIfSleeping();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void shutdownGracefully() {
        lock.lock();
        try {
            if (shutdown) {
                return;
            }
            shutdown = true;
            wakeIfSleeping();
        } finally {
            lock.unlock();
        }
    }

    private void rejectIfShutdown() {
        if (shutdown) {
            throw new RejectedExecutionException("loop is shut down");
        }
    }

    /** Under the lock. */
    private void wakeIfSleeping() {
        if (sleeping) {
            sleeping = false;
            eventFd.write(1);
        }
    }

    private void loop() {
        armRead();
        ArrayDeque<Runnable> batch = new ArrayDeque<>();
        while (true) {
            boolean sleep;
            boolean end;
            lock.lock();
            try {
                batch.addAll(tasks);
                tasks.clear();
                end = shutdown && batch.isEmpty();
                sleep = !shutdown && batch.isEmpty();
                if (sleep) {
                    sleeping = true;
                }
            } finally {
                lock.unlock();
            }
            if (end) {
                break;
            }
            if (sleep) {
                ring.enter(0, 1); // a waker that clears 'sleeping' writes the eventfd: the READ completes
                reap(true);
            }
            for (Runnable task = batch.poll(); task != null; task = batch.poll()) {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    // logged by a real loop; the loop goes on
                }
            }
        }
        drainEventFd();
        eventFd.close();
        ring.close();
    }

    private void armRead() {
        ring.queueRead(eventFd, EVENTFD_READ);
        ring.submit();
        readInFlight = true;
    }

    private void reap(boolean rearm) {
        for (Cqe cqe = ring.poll(); cqe != null; cqe = ring.poll()) {
            if (cqe.userData() == EVENTFD_READ) {
                readInFlight = false;
                if (rearm) {
                    armRead();
                }
            }
        }
    }

    /**
     * Shutdown set and the loop no longer sleeping: no waker writes any more. The READ still in the ring is completed
     * by a write of the loop's own, and its completion is waited for.
     */
    private void drainEventFd() {
        reap(false);
        if (readInFlight) {
            eventFd.write(1);
            while (readInFlight) {
                ring.enter(0, 1);
                reap(false);
            }
        }
    }
}
