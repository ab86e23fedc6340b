package io.github.fabrictck.bench.stress;

import io.github.fabrictck.spi.DriverContext;
import java.time.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** The environment of a driver outside the kit: daemon threads, the system clock, a timer thread. */
public final class SimpleContext implements DriverContext, AutoCloseable {

    private final AtomicInteger count = new AtomicInteger();
    private final ThreadFactory factory = r -> {
        Thread t = new Thread(r, "driver-" + count.incrementAndGet());
        t.setDaemon(true);
        return t;
    };
    private ScheduledThreadPoolExecutor scheduler;

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
