package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.EventFd;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import java.util.ArrayDeque;
import java.util.concurrent.RejectedExecutionException;

/**
 * An event loop guarded by one plain monitor, as a vendor who reaches for {@code synchronized} first would write it:
 * the task deque (an {@code ArrayDeque}), a plain {@code boolean sleeping} and the shutdown flag are read and written
 * only under {@code lock}. The loop takes a task or, finding none, sets {@code sleeping} in the same critical
 * section; a waker adds its task and, when the loop said it sleeps, clears the flag and writes the eventfd, under the
 * lock too, so exactly one write answers each sleep and none can come once the loop left (it leaves under the lock,
 * never sleeping).
 *
 * <p>With {@code splitDecision} ({@code zoo-el-monitor-broken}) the loop decides in one critical section (no task)
 * and announces its sleep in a second one: a task added between the two finds {@code sleeping} clear, writes nothing,
 * and waits while the loop sleeps (EL-2). Between the two steps there is no call and no atomic: only the monitor the
 * second block takes.
 */
final class MonitorEventLoop implements EventLoop {

    private static final long EVENTFD_READ = 0x5EC7;

    private final Ring ring;
    private final EventFd eventFd;
    private final EventFdRead read;
    private final boolean splitDecision;
    private final Object lock = new Object();
    /** Under {@link #lock}. */
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
    /** Under {@link #lock}. */
    private boolean sleeping;
    /** Under {@link #lock}. */
    private boolean shutdown;

    MonitorEventLoop(DriverContext context, Ring ring, boolean splitDecision) {
        this.ring = ring;
        this.splitDecision = splitDecision;
        this.eventFd = ring.openEventFd();
        this.read = new EventFdRead(ring, eventFd, EVENTFD_READ);
        context.threadFactory().newThread(this::loop).start();
    }

    @Override
    public void execute(Runnable task) {
        synchronized (lock) {
            if (shutdown) {
                throw new RejectedExecutionException("event loop shut down");
            }
            tasks.add(task);
            wakeLocked();
        }
    }

    @Override
    public void shutdownGracefully() {
        synchronized (lock) {
            shutdown = true;
            wakeLocked();
        }
    }

    /** Under {@link #lock}: one write per sleep. */
    private void wakeLocked() {
        if (sleeping) {
            sleeping = false;
            eventFd.write(1);
        }
    }

    private void loop() {
        read.arm();
        while (true) {
            Runnable task;
            boolean stop;
            synchronized (lock) {
                task = tasks.poll();
                stop = task == null && shutdown;
                if (task == null && !stop && !splitDecision) {
                    sleeping = true; // decided and announced in one critical section
                }
            }
            if (stop) {
                break;
            }
            if (task != null) {
                EventFdRead.run(task);
                continue;
            }
            if (splitDecision) {
                synchronized (lock) {
                    sleeping = true; // BROKEN: announced in a second critical section, after the decision
                }
            }
            read.await(true);
            synchronized (lock) {
                sleeping = false;
            }
        }
        eventFd.close();
        ring.close();
    }

}
