package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.Cqe;
import io.github.fabrictck.spi.el.EventFd;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An event loop over an io_uring-style ring in the shape of Netty's {@code IOUringEventLoop}: an eventfd
 * READ in the ring is its wake interest; {@code nextWakeupNanos} announces that the loop will sleep, and a
 * waker writes the eventfd only when it takes that announcement back.
 *
 * <p>{@code sample}'s: the READ is submitted as soon as it is queued (Netty PR #227), the sleep is announced before
 * the loop's last look at its task queue (Netty PR #5258), and a waker writes, and the loop closes the eventfd, under
 * one lock, so no write can come after the close, however many wakeups are in flight. The known-broken variants:
 * {@code broken-el-1} (Netty 0.0.23.Final) only queues the READ, which the next {@code submitAndWait} submits, and
 * closes as Netty does (PR #10615): after a sleep taken back it knows a write is on its way ({@code pendingWakeup})
 * and waits for the READ's completion before closing; a loop that finds a task after announcing its sleep skips that
 * wait and, shutting down, waits in {@code enter(0, 1)} for a READ that was never submitted (EL-1).
 * {@code broken-el-2} looks at its queue before it announces its sleep, so a task added between the two is given no
 * write (EL-2). Netty's {@code pendingWakeup} is cleared by any READ's completion, also an earlier write's, so with
 * two wakeups in flight the eventfd can be closed before the second write (found by EL-X in Netty 0.0.24.Final):
 * {@code sample} closes under the wakers' lock instead; {@code broken-el-3} is {@code sample} with Netty's close (EL-3).
 */
final class RingEventLoop implements EventLoop {

    private static final long AWAKE = -1;
    private static final long NONE = Long.MAX_VALUE;
    private static final long EVENTFD_READ = 1;
    private static final Runnable WAKEUP_TASK = () -> { };

    private final Ring ring;
    private final boolean submitsReadWhenQueued;
    private final boolean announcesBeforeLook;
    private final EventFd eventFd;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicLong nextWakeupNanos = new AtomicLong(AWAKE);
    private final Object accepting = new Object();
    private final Thread thread;
    /** Set under {@link #accepting}: no task is accepted once it is. */
    private volatile boolean shuttingDown;
    /** Loop thread only: an eventfd write is on its way (a waker took back the sleep announcement). */
    private boolean pendingWakeup;
    /** Netty's close protocol (PR #10615): wait for the READ of a pending wakeup before closing the eventfd. */
    private final boolean waitsForPendingWakeup;
    /** The sample's close protocol: a waker writes, and the loop closes the eventfd, under this lock. */
    private final Object closing = new Object();
    /** Set under {@link #closing} as the loop closes the eventfd: no waker writes after it. */
    private boolean eventFdClosed;

    /**
     * @param submitsReadWhenQueued whether the eventfd READ is submitted as soon as it is queued (Netty PR #227)
     * @param announcesBeforeLook   whether the sleep is announced before the last look at the task queue (Netty
     *                              PR #5258's order); {@code false} looks first, the lost wakeup of EL-2
     * @param waitsForPendingWakeup whether the loop closes as Netty does (PR #10615: waiting for the READ of a pending
     *                              wakeup, a flag any READ's completion clears: EL-3) rather than under the wakers' lock
     */
    RingEventLoop(DriverContext context, Ring ring, boolean submitsReadWhenQueued, boolean announcesBeforeLook,
                  boolean waitsForPendingWakeup) {
        this.ring = ring;
        this.submitsReadWhenQueued = submitsReadWhenQueued;
        this.announcesBeforeLook = announcesBeforeLook;
        this.waitsForPendingWakeup = waitsForPendingWakeup;
        this.eventFd = ring.openEventFd();
        this.thread = context.threadFactory().newThread(this::run);
        thread.start();
    }

    @Override
    public void execute(Runnable task) {
        synchronized (accepting) {
            if (shuttingDown) {
                throw new RejectedExecutionException("the event loop is shutting down");
            }
            tasks.add(task);
        }
        wakeup();
    }

    @Override
    public void shutdownGracefully() {
        synchronized (accepting) {
            if (shuttingDown) {
                return;
            }
            shuttingDown = true;
            tasks.add(WAKEUP_TASK);
        }
        wakeup();
    }

    /** Writes the eventfd if the loop announced a sleep that nobody has taken back yet. */
    private void wakeup() {
        if (Thread.currentThread() != thread && nextWakeupNanos.getAndSet(AWAKE) != AWAKE) {
            if (waitsForPendingWakeup) {
                eventFd.write(1);
                return;
            }
            synchronized (closing) { // the loop closes the eventfd under the same lock: no write can come after it
                if (!eventFdClosed) {
                    eventFd.write(1);
                }
            }
        }
    }

    private void run() {
        addEventFdRead();
        while (true) {
            if (announcesBeforeLook) {
                nextWakeupNanos.set(NONE);
                try {
                    if (tasks.isEmpty()) {
                        submitAndWait();
                    }
                } finally {
                    takeBackAnnouncement();
                }
            } else if (tasks.isEmpty()) {
                nextWakeupNanos.set(NONE); // broken-el-2: a task added since the look above was given no write
                try {
                    submitAndWait();
                } finally {
                    takeBackAnnouncement();
                }
            }
            processCompletions(true);
            runAllTasks();
            if (shuttingDown) {
                runAllTasks(); // nothing is accepted any more: what is queued now is the last
                cleanup();
                return;
            }
        }
    }

    /** Ends the sleep announcement; a waker that took it back first has its write on the way. */
    private void takeBackAnnouncement() {
        if (nextWakeupNanos.get() == AWAKE || nextWakeupNanos.getAndSet(AWAKE) == AWAKE) {
            pendingWakeup = true; // a waker took the announcement back: its write is on its way
        }
    }

    private void addEventFdRead() {
        ring.queueRead(eventFd, EVENTFD_READ);
        if (submitsReadWhenQueued) {
            ring.submit();
        }
    }

    /** Publishes what is queued, submits it and waits for one completion. */
    private void submitAndWait() {
        ring.enter(ring.publish(), 1);
    }

    private void processCompletions(boolean rearm) {
        for (Cqe c = ring.poll(); c != null; c = ring.poll()) {
            if (c.userData() == EVENTFD_READ) {
                pendingWakeup = false;
                if (rearm) {
                    addEventFdRead();
                }
            }
        }
    }

    private void runAllTasks() {
        for (Runnable task = tasks.poll(); task != null; task = tasks.poll()) {
            task.run();
        }
    }

    /** Waits for the READ a pending write completes before closing the eventfd, then closes the eventfd and the ring. */
    private void cleanup() {
        if (!waitsForPendingWakeup) {
            synchronized (closing) {
                eventFdClosed = true;
                eventFd.close();
            }
            ring.close(); // a READ still submitted is dropped with the ring, as Linux drops it
            return;
        }
        while (pendingWakeup) {
            ring.enter(0, 1);
            processCompletions(false);
        }
        eventFd.close();
        ring.close();
    }
}
