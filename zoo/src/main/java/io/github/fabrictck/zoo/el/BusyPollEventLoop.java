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
 */
final class BusyPollEventLoop implements EventLoop {

    private final Ring ring;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Object accepting = new Object();
    private final boolean endsOnShutdown;
    private volatile boolean shuttingDown;
    private boolean stopping;

    BusyPollEventLoop(DriverContext context, Ring ring, boolean endsOnShutdown) {
        this.ring = ring;
        this.endsOnShutdown = endsOnShutdown;
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
            while (ring.poll() != null) {
                // no operation of its own is ever submitted
            }
            boolean ran = false;
            for (Runnable t = tasks.poll(); t != null; t = tasks.poll()) {
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
