package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.Cqe;
import io.github.fabrictck.spi.el.EventFd;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An event loop whose sleep announcement is a wake token: the loop lays it down ({@code token.set(true)}) before its
 * last look at the task queue, and whoever picks it up ({@code compareAndSet(true, false)}) owns the one eventfd write
 * of that sleep. A waker adds its task (or sets the shutdown flag), then tries to pick the token up and writes only if
 * it won. The loop, finding work after laying the token down, tries to pick it up itself; if a waker was first, that
 * waker's write is on its way and the loop owes its READ completion: it waits for it before it lays the token down
 * again, so at most one write is ever in flight. The READ is queued and submitted together, always.
 *
 * <p>Closing: the loop ends only with no write owed, completes its own READ with a write of its own, waits for that
 * completion, then closes the eventfd and the ring.
 *
 * <p>With {@code closeOwingWrite} ({@code zoo-el-token-broken}) the loop, told to shut down, ends as soon as its queue
 * is empty, even when a waker won the token and has not written yet: that waker is typically the shutdown itself, whose
 * write then reaches an eventfd already closed (EL-3/shutdown-wakeup).
 */
final class TokenEventLoop implements EventLoop {

    private static final long EVENTFD_READ = 11;

    private final Ring ring;
    private final boolean closeOwingWrite;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean token = new AtomicBoolean();
    private final Object admission = new Object();
    /** Written under {@link #admission}. */
    private volatile boolean shutdown;
    private final EventFd eventFd;

    TokenEventLoop(DriverContext context, Ring ring, boolean closeOwingWrite) {
        this.ring = ring;
        this.closeOwingWrite = closeOwingWrite;
        this.eventFd = ring.openEventFd();
        context.threadFactory().newThread(this::loop).start();
    }

    @Override
    public void execute(Runnable task) {
        synchronized (admission) {
            if (shutdown) {
                throw new RejectedExecutionException("event loop shut down");
            }
            tasks.add(task);
        }
        pickUpAndWake();
    }

    @Override
    public void shutdownGracefully() {
        synchronized (admission) {
            if (shutdown) {
                return;
            }
            shutdown = true;
        }
        pickUpAndWake();
    }

    private void pickUpAndWake() {
        if (token.compareAndSet(true, false)) {
            eventFd.write(1);
        }
    }

    private void loop() {
        armRead();
        boolean owed = false;
        while (true) {
            drainTasks();
            if (closeOwingWrite && shutdown && tasks.isEmpty()) {
                break; // BROKEN: a waker that picked the token up may not have written yet
            }
            if (owed) {
                awaitRead(true);
                owed = false;
                continue;
            }
            if (shutdown && tasks.isEmpty()) {
                break;
            }
            token.set(true); // the sleep announcement
            if (tasks.isEmpty() && !shutdown) {
                awaitRead(true); // whoever picks the token up writes
                continue;
            }
            if (!token.compareAndSet(true, false)) {
                owed = true; // a waker picked it up first: its write is on its way
            }
        }
        eventFd.write(1);
        awaitRead(false);
        eventFd.close();
        ring.close();
    }

    private void drainTasks() {
        for (Runnable task = tasks.poll(); task != null; task = tasks.poll()) {
            try {
                task.run();
            } catch (RuntimeException e) {
                // the task's own failure
            }
        }
    }

    private void armRead() {
        ring.queueRead(eventFd, EVENTFD_READ);
        ring.submit();
    }

    /** Waits for the READ's completion, then arms the next READ if asked. */
    private void awaitRead(boolean rearm) {
        while (true) {
            for (Cqe cqe = ring.poll(); cqe != null; cqe = ring.poll()) {
                if (cqe.userData() == EVENTFD_READ) {
                    if (rearm) {
                        armRead();
                    }
                    return;
                }
            }
            ring.enter(0, 1);
        }
    }
}
