package io.github.fabrictck.spi;

import java.time.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;

/**
 * Everything a driver needs that involves threads or time. The kit supplies it so that it knows
 * every driver thread (to hold it, to see when it is idle) and owns every timer.
 *
 * <p>A driver must create every thread it runs with {@link #threadFactory()}, read time from
 * {@link #clock()} and schedule timers on {@link #scheduler()}. Threads started any other way are
 * invisible to the kit's stuck detector.
 */
@Environment
public interface DriverContext {

    /** The factory for every thread the driver starts. */
    ThreadFactory threadFactory();

    /** The clock the driver reads time from. */
    Clock clock();

    /** The executor for the driver's timers; its threads come from {@link #threadFactory()}. */
    ScheduledExecutorService scheduler();
}
