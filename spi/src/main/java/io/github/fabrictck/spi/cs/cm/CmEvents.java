package io.github.fabrictck.spi.cs.cm;

import io.github.fabrictck.spi.Environment;

/**
 * The connection manager's event channel ({@code struct rdma_event_channel}; environment side): the
 * answers to the driver's calls on {@link CmLink}, in order, taken by a thread of the driver.
 */
@Environment
public interface CmEvents {

    /**
     * {@code rdma_get_cm_event}: takes the next event, blocking the calling thread.
     *
     * @param timeoutMillis negative: wait until an event; otherwise until an event or the timeout,
     *                      which runs on the connection manager's time (it passes when every driver
     *                      thread is idle), not the wall clock
     * @return the event, or {@code null} when the timeout passed
     * @throws InterruptedException if the thread is interrupted while it waits
     */
    CmEvent take(long timeoutMillis) throws InterruptedException;

    /** {@code rdma_ack_cm_event}: the driver is done with an event it took. */
    void ack(CmEvent event);
}
