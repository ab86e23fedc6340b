package io.github.fabrictck.spi.cq;

import io.github.fabrictck.spi.Environment;

/**
 * The application's completion callback (environment side; the driver calls it), for drivers that
 * hand completions to application code on their own thread, as DiSNI's
 * {@code RdmaActiveEndpoint.dispatchCqEvent} does. Given with
 * {@link CompletionQueueDriver#consumeWith}.
 *
 * <p>It is application code: it may throw. A throw is the application's failure for that one
 * completion, never a reason to drop others: the driver goes on handing over the rest of what it
 * took from its completion queues, and leaves nothing queued that no event will announce.
 *
 * @since SPI 2
 */
@Environment
public interface CompletionConsumer {

    /**
     * One completion the driver took from a completion queue, handed over once, in the order taken.
     *
     * @param completion the completion, as the driver took it
     */
    void accept(Completion completion);
}
