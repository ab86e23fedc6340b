package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.Cqe;
import io.github.fabrictck.spi.el.EventFd;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An event loop in the shape of Netty's {@code NioEventLoop} / {@code SingleThreadEventExecutor}, moved onto a ring:
 * an {@link AtomicBoolean} {@code wakenUp} that the loop clears ({@code wakenUp.set(false)}) before it looks at its
 * task queue, and that a waker sets with {@code compareAndSet(false, true)}, writing the eventfd only when it won; the
 * thread starts lazily, with the first {@code execute} (or the shutdown); {@code execute} adds the task first, then
 * looks at the state and takes the task back ({@code tasks.remove}) when the loop is shutting down, as
 * {@code SingleThreadEventExecutor.execute} does.
 *
 * <p>Eventfd accounting: after each wait decision the loop takes the flag back ({@code wakenUp.getAndSet(true)}); when
 * a waker had won it, that waker's write is on its way ({@code pendingWakeup}) until the loop sees the READ's
 * completion. The loop clears {@code wakenUp} again only when no wakeup is pending, so at most one write is ever on
 * its way and each write completes exactly one READ. Shutting down, the loop leaves {@code wakenUp} set (no waker can
 * win it any more) and waits for the pending write's READ completion before it closes the eventfd.
 *
 * <p>Two switches make its broken twins:
 * <ul>
 *   <li>{@code submitReadWhenQueued} false ({@code zoo-el-wakenup-broken}): the READ is queued and only submitted by
 *       the next wait ({@code enter(publish(), 1)}), as Netty io_uring 0.0.23 did; a shutdown that lands after the
 *       loop cleared {@code wakenUp} makes it skip that wait, and its cleanup waits for a READ never submitted
 *       (EL-1);</li>
 *   <li>{@code announceAfterCheck} true ({@code zoo-el-announce-late-broken}): the loop looks at its queue first and
 *       clears {@code wakenUp} only then, just before it waits: a task added in between finds {@code wakenUp} still
 *       set, writes nothing, and waits while the loop sleeps (EL-2).</li>
 * </ul>
 */
final class WakenUpEventLoop implements EventLoop {

    private static final int NOT_STARTED = 0;
    private static final int STARTED = 1;
    private static final int SHUTTING_DOWN = 2;

    private static final long EVENTFD_READ = 0x0EFD;

    private final DriverContext context;
    private final Ring ring;
    private final EventFd eventFd;
    private final boolean submitReadWhenQueued;
    private final boolean announceAfterCheck;
    private final Queue<Runnable> taskQueue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean wakenUp = new AtomicBoolean(true);
    private final AtomicInteger state = new AtomicInteger(NOT_STARTED);
    private volatile Thread thread;

    /** Loop thread only: a waker won {@code wakenUp} and its eventfd write's READ completion has not been seen. */
    private boolean pendingWakeup;

    WakenUpEventLoop(DriverContext context, Ring ring, boolean submitReadWhenQueued, boolean announceAfterCheck) {
        this.context = context;
        this.ring = ring;
        this.submitReadWhenQueued = submitReadWhenQueued;
        this.announceAfterCheck = announceAfterCheck;
        this.eventFd = ring.openEventFd();
    }

    @Override
    public void execute(Runnable task) {
        if (task == null) {
            throw new NullPointerException("task");
        }
        if (state.get() == SHUTTING_DOWN) {
            throw new RejectedExecutionException("event loop shut down");
        }
        taskQueue.add(task);
        startThread();
        if (state.get() == SHUTTING_DOWN && taskQueue.remove(task)) {
            // the shutdown came between: the task was not taken by the loop, so it is refused
            throw new RejectedExecutionException("event loop shut down");
        }
        wakeup();
    }

    @Override
    public void shutdownGracefully() {
        while (true) {
            int s = state.get();
            if (s == SHUTTING_DOWN) {
                return;
            }
            if (state.compareAndSet(s, SHUTTING_DOWN)) {
                if (s == NOT_STARTED) {
                    doStartThread(); // it still owns the ring: it must close it
                }
                break;
            }
        }
        wakeup();
    }

    private void startThread() {
        if (state.get() == NOT_STARTED && state.compareAndSet(NOT_STARTED, STARTED)) {
            doStartThread();
        }
    }

    private void doStartThread() {
        Thread t = context.threadFactory().newThread(this::run);
        thread = t;
        t.start();
    }

    private void wakeup() {
        if (Thread.currentThread() != thread && wakenUp.compareAndSet(false, true)) {
            eventFd.write(1);
        }
    }

    private boolean hasTasks() {
        return !taskQueue.isEmpty();
    }

    private boolean shuttingDown() {
        return state.get() == SHUTTING_DOWN;
    }

    private void run() {
        addEventFdRead();
        while (true) {
            if (announceAfterCheck) {
                boolean idle = !hasTasks() && !shuttingDown();
                if (!pendingWakeup) {
                    wakenUp.set(false); // BROKEN: announced after the look at the queue
                }
                if (idle) {
                    waitForCompletion();
                }
            } else {
                if (!pendingWakeup) {
                    wakenUp.set(false); // from now on a waker writes the eventfd
                }
                if (!hasTasks() && !shuttingDown()) {
                    waitForCompletion();
                }
            }
            if (wakenUp.getAndSet(true)) {
                pendingWakeup = true; // a waker won the flag (now or in an earlier round): its write is on its way
            }
            processCompletions(true);
            runAllTasks();
            if (shuttingDown()) {
                runAllTasks(); // an execute still on its way either is taken here or takes its task back
                cleanup();
                return;
            }
        }
    }

    private void addEventFdRead() {
        ring.queueRead(eventFd, EVENTFD_READ);
        if (submitReadWhenQueued) {
            ring.submit();
        }
    }

    /** Submits what is queued and waits for one completion. */
    private void waitForCompletion() {
        ring.enter(ring.publish(), 1);
    }

    private void processCompletions(boolean rearm) {
        for (Cqe cqe = ring.poll(); cqe != null; cqe = ring.poll()) {
            if (cqe.userData() == EVENTFD_READ) {
                pendingWakeup = false;
                if (rearm) {
                    addEventFdRead();
                }
            }
        }
    }

    private void runAllTasks() {
        for (Runnable task = taskQueue.poll(); task != null; task = taskQueue.poll()) {
            try {
                task.run();
            } catch (RuntimeException e) {
                // a task's failure does not end the loop
            }
        }
    }

    private void cleanup() {
        // wakenUp stays set: no waker can win it any more, so the only write still to come is a pending one
        while (pendingWakeup) {
            ring.enter(0, 1);
            processCompletions(false);
        }
        eventFd.close();
        ring.close();
    }
}
