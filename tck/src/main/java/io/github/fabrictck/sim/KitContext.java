package io.github.fabrictck.sim;

import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.spi.DriverContext;
import java.time.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The {@link DriverContext} of one window: every thread the driver starts is known to the engine;
 * timers run on a scheduler whose thread comes from the same factory. Outside a window (a benchmark
 * without the agent) the threads are simply daemon threads.
 */
public final class KitContext implements DriverContext, AutoCloseable {

    private final Consumer<Thread> tracker;
    private final AtomicInteger count = new AtomicInteger();
    private final ThreadFactory factory = this::newThread;
    private ScheduledThreadPoolExecutor scheduler;

    /** The context of a window: the engine tracks every driver thread. */
    public KitContext(WindowRun run) {
        this(run::track);
    }

    /** A context whose new threads are handed to {@code tracker} before they start. */
    public KitContext(Consumer<Thread> tracker) {
        this.tracker = tracker;
    }

    private Thread newThread(Runnable r) {
        Thread t = new Thread(r, "driver-" + count.incrementAndGet());
        t.setDaemon(true);
        tracker.accept(t);
        return t;
    }

    @Override
    public ThreadFactory threadFactory() {
        return factory;
    }

    @Override
    public Clock clock() {
        return Clock.systemUTC();
    }

    @Override
    public synchronized ScheduledExecutorService scheduler() {
        if (scheduler == null) {
            scheduler = new ScheduledThreadPoolExecutor(1, factory);
        }
        return scheduler;
    }

    @Override
    public synchronized void close() {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
    }
}
