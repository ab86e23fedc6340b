package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.LockSupport;

/**
 * A loop that never sleeps in its ring: it polls its completion ring and its task queue in turn and parks a
 * microsecond between empty turns (a latency-first design; a waker only adds its task). No eventfd, no READ.
 * {@code endsOnShutdown} false is the broken twin: its shutdown flag is a plain field the loop may never see again.
 * {@code tasksAfterCompletions} is another twin: it looks at its task queue only in a turn whose poll found a
 * completion, and no operation of its own ever completes, so a task waits for ever.
 */
final class BusyPollEventLoop implements EventLoop {

    private final Ring ring;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Object accepting = new Object();
    private final boolean endsOnShutdown;
    private final boolean tasksAfterCompletions;
    private volatile boolean shuttingDown;
    private boolean stopping;

    BusyPollEventLoop(DriverContext context, Ring ring, boolean endsOnShutdown) {
        this(context, ring, endsOnShutdown, false);
    }

    BusyPollEventLoop(DriverContext context, Ring ring, boolean endsOnShutdown, boolean tasksAfterCompletions) {
        this.ring = ring;
        this.endsOnShutdown = endsOnShutdown;
        this.tasksAfterCompletions = tasksAfterCompletions;
        context.threadFactory().newThread(this::run).start();
    }

    @Override
    public void execute(Runnable task) {
        synchronized (accepting) {
            if (shuttingDown) {
                throw new RejectedExecutionException("shutting down");
            }
            tasks.add(task);
        }
    }

    @Override
    public void shutdownGracefully() {
        synchronized (accepting) {
            shuttingDown = true;
        }
    }

    private void run() {
        while (true) {
            boolean completed = false;
            while (ring.poll() != null) {
                completed = true; // no operation of its own is ever submitted
            }
            boolean ran = false;
            // BROKEN when tasksAfterCompletions: the task queue is looked at only after a completion
            for (Runnable t = tasksAfterCompletions && !completed ? null : tasks.poll(); t != null; t = tasks.poll()) {
                t.run();
                ran = true;
            }
            if (endsOnShutdown ? shuttingDown && tasks.isEmpty() : stopping) {
                ring.close();
                return;
            }
            if (!ran) {
                LockSupport.parkNanos(1_000);
            }
        }
    }
}
