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
     * Destroys the queue pair and its completion queues, as {@code ibv_destroy_cq} does: the device
     * delivers no event once it has begun, and it waits until every event the device has delivered
     * is acknowledged. That includes an event the device has already taken for the completion handler
     * whose handler call has not begun yet: the driver cannot know of it, so it cannot wait for it,
     * and the device does. The driver's part:
     * <ul>
     *   <li>acknowledge every event its handler is given, also when it is closing (a handler that
     *       returns early without acknowledging makes this call wait forever);</li>
     *   <li>not call it under a lock its handler needs before it acknowledges (that is a deadlock);</li>
     *   <li>not touch the queues after it returns, nor from a handler once the close has begun,
     *       except to acknowledge;</li>
     *   <li>not call it from the completion handler with that handler's event unacknowledged (it
     *       would wait for itself; the device reports it as misuse).</li>
     * </ul>
     */
    void destroy();
}
