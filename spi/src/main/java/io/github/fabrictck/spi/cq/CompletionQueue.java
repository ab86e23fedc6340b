package io.github.fabrictck.spi.cq;

import io.github.fabrictck.spi.Environment;

/**
 * A completion queue of the device (environment side; the driver calls it).
 *
 * <p>All methods are thread-safe. After the queue pair is destroyed, every call is a use after
 * free: the kit reports it.
 */
@Environment
public interface CompletionQueue {

    /** The queue's name in reports: {@code send} or {@code receive}. */
    String name();

    /**
     * Takes the oldest completion, if any.
     *
     * @return the completion, or {@code null} when the queue is empty
     */
    Completion poll();

    /**
     * Arms the queue so that its <em>next</em> completion raises one event. A completion already
     * queued raises no event; re-arming does not announce it.
     *
     * @param reportMissedEvents ask whether completions are already queued
     * @return with {@code reportMissedEvents}, a positive number when completions may be queued
     *         that no event will announce (poll again); otherwise 0
     */
    int requestNotify(boolean reportMissedEvents);

    /**
     * Acknowledges events delivered to {@link CompletionQueueDriver#onCompletionEvent} for this
     * queue, as {@code ibv_ack_cq_events} does. Destroying a queue pair with unacknowledged events
     * is an error.
     *
     * @param count how many events to acknowledge
     */
    void acknowledgeEvents(int count);
}
