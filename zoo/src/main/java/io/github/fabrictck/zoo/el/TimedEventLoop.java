package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.Cqe;
import io.github.fabrictck.spi.el.EventFd;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A loop that never trusts a wakeup alone: each wait arms, when they are not in the ring already, its eventfd READ and a
 * TIMEOUT of {@link #TICK_NANOS} (a housekeeping tick and a safety net), and submits both with the wait itself
 * ({@code enter(publish(), 1)}); it handles whichever completes ({@code res} 8 for the READ, {@code -ETIME} for the
 * TIMEOUT). Its sleep announcement is a three-state {@link AtomicInteger} ({@code AWAKE}, {@code SLEEPING},
 * {@code WOKEN}): the loop says {@code SLEEPING}, then looks at its queue; a waker adds its task, then writes the
 * eventfd if it moves {@code SLEEPING} to {@code WOKEN}.
 *
 * <p>Accepting is guarded by a {@link ReentrantReadWriteLock}: {@code execute} adds and writes under the read lock
 * (wakers do not exclude each other), {@code shutdownGracefully} sets its flag and wakes under the write lock. Before
 * it cleans up, the loop takes the write lock once: every write was made, none can come. It then writes its eventfd
 * itself when its READ is still in the ring and waits until every entry it submitted has completed (the READ, and the
 * TIMEOUT when its time has passed) before closing the eventfd and the ring.
 */
final class TimedEventLoop implements EventLoop {

    static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private static final int AWAKE = 0;
    private static final int SLEEPING = 1;
    private static final int WOKEN = 2;

    private static final long READ_ID = 1L << 32;
    private static final long TICK_ID = 2L << 32;

    private final Ring ring;
    private final EventFd eventFd;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicInteger state = new AtomicInteger(AWAKE);
    private final ReentrantReadWriteLock accepting = new ReentrantReadWriteLock();
    private volatile boolean shutdown;
    private final Thread thread;

    /** Loop thread only: what it has in the ring (submitted, completion not seen). */
    private boolean readInRing;
    private boolean tickInRing;
    private long ticks;

    TimedEventLoop(DriverContext context, Ring ring) {
        this.ring = ring;
        this.eventFd = ring.openEventFd();
        this.thread = context.threadFactory().newThread(this::run);
        this.thread.start();
    }

    @Override
    public void execute(Runnable task) {
        accepting.readLock().lock();
        try {
            if (shutdown) {
                throw new RejectedExecutionException("event loop is shutting down");
            }
            tasks.add(task);
            wake();
        } finally {
            accepting.readLock().unlock();
        }
    }

    @Override
    public void shutdownGracefully() {
        accepting.writeLock().lock();
        try {
            if (shutdown) {
                return;
            }
            shutdown = true;
            wake();
        } finally {
            accepting.writeLock().unlock();
        }
    }

    private void wake() {
        if (Thread.currentThread() != thread && state.compareAndSet(SLEEPING, WOKEN)) {
            eventFd.write(1);
        }
    }

    private void run() {
        while (true) {
            state.set(SLEEPING);
            if (tasks.isEmpty() && !shutdown) {
                if (!readInRing) {
                    ring.queueRead(eventFd, READ_ID);
                    readInRing = true;
                }
                if (!tickInRing) {
                    ring.queueTimeout(TICK_NANOS, TICK_ID + ticks);
                    tickInRing = true;
                }
                ring.enter(ring.publish(), 1); // submits what was queued just now, then waits
            }
            state.set(AWAKE);
            handleCompletions();
            for (Runnable t = tasks.poll(); t != null; t = tasks.poll()) {
                runTask(t);
            }
            if (shutdown) {
                accepting.writeLock().lock(); // every execute and the shutdown have made their writes
                accepting.writeLock().unlock();
                for (Runnable t = tasks.poll(); t != null; t = tasks.poll()) {
                    runTask(t);
                }
                cleanup();
                return;
            }
        }
    }

    private void handleCompletions() {
        for (Cqe cqe = ring.poll(); cqe != null; cqe = ring.poll()) {
            if (cqe.userData() == READ_ID) {
                readInRing = false; // re-armed by the next wait, together with its submission
            } else if ((cqe.userData() & ~0xFFFF_FFFFL) == TICK_ID) {
                tickInRing = false;
                if (cqe.result() == -Cqe.ETIME) {
                    ticks++; // housekeeping would go here
                }
            }
        }
    }

    private static void runTask(Runnable t) {
        try {
            t.run();
        } catch (RuntimeException e) {
            // the loop survives a failing task
        }
    }

    private void cleanup() {
        handleCompletions();
        if (readInRing) {
            eventFd.write(1); // no other write can come now: complete our own READ
        }
        while (readInRing || tickInRing) {
            ring.enter(0, 1); // the TIMEOUT completes when its time has passed
            handleCompletions();
        }
        eventFd.close();
        ring.close();
    }
}
