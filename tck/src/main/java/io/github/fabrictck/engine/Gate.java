package io.github.fabrictck.engine;

/**
 * What an exploration puts in charge of the driver's threads: every driver thread that passes a
 * point stops in {@link #pause} until the scheduler lets it go, so one thread runs at a time.
 */
public interface Gate {

    /** Called on the driver thread at each point it passes; returns when the scheduler lets it run on. */
    void pause(Thread thread, Point point, boolean isAfter);

    /** Whether the thread is stopped in {@link #pause} now (the engine then counts it as held). */
    boolean isPaused(Thread thread);

    /**
     * Called on a driver thread about to wait (a blocking call, the kit's wait for work): it may go
     * idle with no point to say so, so the scheduler should look soon rather than at its leisure.
     */
    default void mayIdle(Thread thread) {
    }
}
