package io.github.fabrictck.spi.cq;

import io.github.fabrictck.spi.Environment;

/**
 * A queue pair of the device (environment side): a send queue whose work requests complete into
 * {@link #sendCompletionQueue()}, and incoming messages that complete into
 * {@link #receiveCompletionQueue()}. The two completion queues are distinct objects, each armed on
 * its own; the device's receive buffers are posted on the driver's behalf.
 */
@Environment
public interface QueuePair {

    /** The completion queue for finished sends. */
    CompletionQueue sendCompletionQueue();

    /** The completion queue for incoming messages. */
    CompletionQueue receiveCompletionQueue();

    /**
     * Posts a send work request. It completes exactly once, later, into the send completion queue.
     *
     * @param workRequestId the driver's id for this request, returned in its completion
     * @param payload       the bytes to send
     */
    void postSend(long workRequestId, byte[] payload);

    /**
     * Destroys the queue pair and its completion queues. The device delivers no event afterwards.
     * The driver must call it last, after its completion handler has finished and every delivered
     * event was acknowledged.
     */
    void destroy();
}
