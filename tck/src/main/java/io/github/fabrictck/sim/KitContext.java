package io.github.fabrictck.sim;

import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.spi.DriverContext;
import java.time.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@link DriverContext} of one window: every thread the driver starts is known to the engine;
 * timers run on a scheduler whose thread comes from the same factory.
 */
public final class KitContext implements DriverContext, AutoCloseable {

    private final WindowRun run;
    private final AtomicInteger count = new AtomicInteger();
    private final ThreadFactory factory = this::newThread;
    private ScheduledThreadPoolExecutor scheduler;

    public KitContext(WindowRun run) {
        this.run = run;
    }

    private Thread newThread(Runnable r) {
        Thread t = new Thread(r, "driver-" + count.incrementAndGet());
        t.setDaemon(true);
        run.track(t);
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
