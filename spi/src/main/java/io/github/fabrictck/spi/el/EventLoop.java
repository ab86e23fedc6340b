package io.github.fabrictck.spi.el;

/**
 * The driver's event loop (driver side; the kit calls it), opened by
 * {@link io.github.fabrictck.spi.Driver#openEventLoop}: one loop thread, from the context's thread
 * factory, that runs tasks and otherwise waits in its {@link Ring} for a completion (an eventfd READ
 * that another thread's wakeup completes, a TIMEOUT for its next scheduled task).
 *
 * <p>The application calls both methods from its own threads.
 *
 * @since SPI 5
 */
public interface EventLoop {

    /**
     * Accepts a task to run on the loop thread, waking the loop if it waits.
     *
     * @param task the task
     * @throws java.util.concurrent.RejectedExecutionException once {@link #shutdownGracefully()} was called
     */
    void execute(Runnable task);

    /**
     * Begins the loop's shutdown and returns without waiting for it: the loop runs every task it
     * accepted, waits for what it submitted to its ring that it must see complete (its eventfd READ,
     * as Netty does before closing the eventfd), closes its eventfd and its ring, and its thread
     * ends. A second call does nothing.
     */
    void shutdownGracefully();
}
