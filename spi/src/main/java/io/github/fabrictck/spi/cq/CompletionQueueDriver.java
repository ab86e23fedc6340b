package io.github.fabrictck.spi.cq;

import java.time.Duration;

/**
 * The driver's completion-queue endpoint (driver side; the kit and the device call it), opened by
 * {@link io.github.fabrictck.spi.Driver#openCompletionQueue}.
 *
 * <p>The application calls {@link #send}, {@link #awaitSendsComplete} and {@link #receive} from
 * its own threads; the device's interrupt thread calls {@link #onCompletionEvent}.
 */
public interface CompletionQueueDriver extends AutoCloseable {

    /**
     * The completion handler: called on the device's interrupt thread when an armed completion
     * queue received a completion, or for a spurious event. The queue is disarmed when this is
     * called; re-arming it is the driver's job.
     *
     * @param queue the completion queue whose event fired
     */
    void onCompletionEvent(CompletionQueue queue);

    /**
     * Sends one message: posts one send work request, on the calling thread or on a thread of the
     * driver's own after this returned (an actor that owns the queue pair); the kit waits for the post,
     * or for the driver to settle without it.
     *
     * @param payload the bytes to send
     */
    void send(byte[] payload);

    /**
     * Waits until every send posted so far has completed, or the timeout passes. Returns as soon
     * as the last completion can be known to the driver, whether or not a later completion ever
     * comes.
     *
     * @param timeout how long to wait at most
     * @return {@code true} when every posted send completed; {@code false} on timeout
     * @throws InterruptedException if the waiting thread is interrupted
     */
    boolean awaitSendsComplete(Duration timeout) throws InterruptedException;

    /**
     * Takes the next incoming message, waiting up to the timeout for one.
     *
     * @param timeout how long to wait at most
     * @return the message's bytes, or {@code null} on timeout
     * @throws InterruptedException if the waiting thread is interrupted
     */
    byte[] receive(Duration timeout) throws InterruptedException;

    /**
     * Hands every completion this endpoint takes from either completion queue from now on to
     * {@code consumer} as well, on the thread that took it, once each, in the order taken;
     * {@link #awaitSendsComplete} and {@link #receive} go on working as before. The kit calls it
     * right after the endpoint opened, before any completion. A throw of the consumer must not
     * cost any other completion: the rest of a batch already taken is still handed over, and
     * nothing is left queued that no event will announce.
     *
     * @param consumer the application's callback
     * @return whether the driver has such a callback; {@code false} (the default, and every
     *         driver of SPI 1): its application takes completions with {@link #awaitSendsComplete}
     *         and {@link #receive} on its own threads only
     * @since SPI 2
     */
    default boolean consumeWith(CompletionConsumer consumer) {
        return false;
    }

    /**
     * Closes the endpoint: after it returns, the driver handles no event, every event it was given
     * has been acknowledged, and the queue pair has been destroyed. It may be called again (the kit
     * closes an endpoint whose window ended before the application's own {@code close()} returned):
     * a later call returns.
     */
    @Override
    void close();
}
