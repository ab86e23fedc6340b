package io.github.fabrictck.spi.el;

import io.github.fabrictck.spi.Environment;

/**
 * An eventfd of the kernel (environment side; the driver calls it), opened with
 * {@link Ring#openEventFd()}: a counter that another thread writes to wake the loop, read by a READ
 * entry the loop submits to its ring.
 *
 * @since SPI 5
 */
@Environment
public interface EventFd {

    /**
     * {@code eventfd_write}: adds to the counter. A READ of this eventfd submitted to the ring
     * completes now; one submitted later completes at once. The completion of a READ completed so may
     * become visible to {@link Ring#poll()} later, no later than the loop thread's next
     * {@link Ring#enter} or {@link Ring#submit()} (Linux posts it as that thread's task work; a thread
     * waiting in {@code enter} is woken at once): the kit's exploration chooses when.
     *
     * @param value what to add, positive
     * @throws IllegalStateException after {@link #close()} (a use after close, which the kit reports)
     */
    void write(long value);

    /**
     * Closes the eventfd. A READ of it already submitted keeps it, as in Linux (the request holds the
     * file), and may still complete.
     */
    void close();
}
