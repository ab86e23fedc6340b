package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.Cqe;
import io.github.fabrictck.spi.el.EventFd;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;

/**
 * The simplest loop a vendor writes: no sleep flag at all, every {@code execute} writes the eventfd (the counter
 * coalesces the writes into one READ completion), and the READ is always in the ring while the loop runs. The writes
 * are made under a monitor ({@code synchronized (gate)}) that {@code shutdownGracefully} takes to set its flag and make
 * the last write; the loop re-arms its READ under the same monitor, and only while not shut down, and decides to end
 * under it too.
 *
 * <p>Hence, when the loop ends, no write is still to come, and a READ it still has in the ring was submitted before
 * the shutdown's write, which completes it: the loop waits for that completion before it closes the eventfd and the
 * ring.
 */
final class AlwaysWriteEventLoop implements EventLoop {

    private static final long WAKE = 42;

    private final Ring ring;
    private final EventFd eventFd;
    private final Object gate = new Object();
    private final LinkedBlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    /** Written under {@link #gate}. */
    private volatile boolean shutdown;

    /** Loop thread only: the READ is submitted and its completion not seen. */
    private boolean readArmed;

    AlwaysWriteEventLoop(DriverContext context, Ring ring) {
        this.ring = ring;
        this.eventFd = ring.openEventFd();
        context.threadFactory().newThread(this::run).start();
    }

    @Override
    public void execute(Runnable task) {
        synchronized (gate) {
            if (shutdown) {
                throw new RejectedExecutionException("shutdown");
            }
            tasks.offer(task);
            eventFd.write(1);
        }
    }

    @Override
    public void shutdownGracefully() {
        synchronized (gate) {
            if (!shutdown) {
                shutdown = true;
                eventFd.write(1);
            }
        }
    }

    private void run() {
        rearm();
        while (true) {
            for (Runnable task = tasks.poll(); task != null; task = tasks.poll()) {
                safeRun(task);
            }
            synchronized (gate) {
                if (shutdown && tasks.isEmpty()) {
                    break; // nothing is accepted any more and the shutdown's write is made
                }
            }
            if (tasks.isEmpty()) {
                ring.enter(0, 1); // the READ is in the ring: any execute after the look completes it
            }
            onCompletions();
        }
        while (readArmed) {
            ring.enter(0, 1);
            onCompletions();
        }
        eventFd.close();
        ring.close();
    }

    private void rearm() {
        synchronized (gate) {
            if (shutdown) {
                return; // no write will come that a READ submitted now would wait for
            }
            ring.queueRead(eventFd, WAKE);
            ring.submit();
            readArmed = true;
        }
    }

    private void onCompletions() {
        Cqe cqe;
        while ((cqe = ring.poll()) != null) {
            if (cqe.userData() == WAKE) {
                readArmed = false;
                rearm();
            }
        }
    }

    private static void safeRun(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            // a failing task does not stop the loop
        }
    }
}
