package io.github.fabrictck.spi.cq;

import io.github.fabrictck.spi.Environment;

/**
 * A queue pair of the device whose sends complete into a completion queue it shares with other
 * queue pairs (environment side; the driver calls it), as queue pairs created with the same
 * {@code send_cq} do. Given to {@link SharedCompletionQueueDriver#connect}.
 *
 * <p>When the queue pair enters the error state (the peer disconnected, or it is torn down), every
 * work request still outstanding on it completes into the shared queue as an error completion
 * ({@link Completion.Status#WR_FLUSH_ERR}) that carries this queue pair's {@link #number()}.
 *
 * @since SPI 3
 */
@Environment
public interface SharedQueuePair {

    /** The queue pair's number, {@code qp_num}: what each of its completions carries. */
    int number();

    /**
     * Posts a send work request. It completes exactly once, later, into the shared completion
     * queue: successfully, or flushed if the queue pair enters the error state first.
     *
     * @param workRequestId the driver's id for this request, returned in its completion
     * @param payload       the bytes to send
     */
    void postSend(long workRequestId, byte[] payload);

    /** Destroys the queue pair ({@code ibv_destroy_qp}); its completions already queued stay in the shared queue. */
    void destroy();
}
