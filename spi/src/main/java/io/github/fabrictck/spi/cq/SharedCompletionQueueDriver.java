package io.github.fabrictck.spi.cq;

/**
 * The driver's side of one completion queue shared by several queue pairs (driver side; the kit
 * and the device call it), opened by {@link io.github.fabrictck.spi.Driver#openSharedCompletionQueue}:
 * DiSNI's {@code RdmaActiveEndpointGroup} with its one CQ per device, a libfabric domain's shared
 * CQ, a kernel ULP's per-device CQ. Optional: a driver without it is judged by the windows of
 * one queue pair only.
 *
 * <p>The rule it is judged by: every completion taken from the shared queue, successful or not,
 * reaches the endpoint of the queue pair it belongs to ({@link Completion#queuePairNumber()}), once,
 * and no other endpoint. An error completion carries only its id, status and queue pair number:
 * whatever else a driver reads from it (or keeps from an earlier completion) is undefined.
 *
 * @since SPI 3
 */
public interface SharedCompletionQueueDriver extends AutoCloseable {

    /**
     * The completion handler: called on the device's interrupt thread when the armed shared queue
     * received a completion, or for a spurious event; the rules of {@link CompletionQueueDriver#onCompletionEvent} apply.
     *
     * @param queue the shared completion queue
     */
    void onCompletionEvent(CompletionQueue queue);

    /**
     * Connects an endpoint on a queue pair of the shared queue. From now on every completion of
     * {@code queuePair} the driver takes goes to {@code consumer}, on the thread that took it, once
     * each, flush errors included; a completion of another queue pair never does.
     *
     * @param queuePair the queue pair, already created on the shared queue
     * @param consumer  the application's callback for this endpoint
     * @return the endpoint, ready to send
     */
    QueuePairEndpoint connect(SharedQueuePair queuePair, CompletionConsumer consumer);

    /**
     * Closes every endpoint and the shared queue's processing: after it returns the driver handles
     * no event, every event it was given has been acknowledged, and every queue pair it was given
     * has been destroyed.
     */
    @Override
    void close();

    /**
     * One endpoint on a queue pair of the shared queue.
     *
     * @since SPI 3
     */
    interface QueuePairEndpoint {

        /**
         * Sends one message: posts one send work request on the endpoint's queue pair.
         *
         * @param payload the bytes to send
         */
        void send(byte[] payload);
    }
}
