/**
 * The completion-queue family, with verbs semantics.
 *
 * <p>The <em>environment</em> side ({@link io.github.fabrictck.spi.cq.QueuePair},
 * {@link io.github.fabrictck.spi.cq.CompletionQueue}) is implemented by the device; the
 * <em>driver</em> side ({@link io.github.fabrictck.spi.cq.CompletionQueueDriver}) by the vendor.
 *
 * <p>The rules, as in {@code ib_req_notify_cq} and {@code ibv_req_notify_cq}:
 * <ul>
 *   <li>every posted send completes exactly once, as a completion in the send completion queue;
 *       every incoming message arrives as a completion in the receive completion queue;</li>
 *   <li>{@link io.github.fabrictck.spi.cq.CompletionQueue#requestNotify(boolean)} arms a queue for
 *       its <em>next</em> completion only; a completion that is already queued when the queue is
 *       armed raises no event, and the event that fires disarms the queue;</li>
 *   <li>when an armed queue receives a completion, the device's interrupt thread calls
 *       {@link io.github.fabrictck.spi.cq.CompletionQueueDriver#onCompletionEvent}; events may
 *       also be spurious or outdated (the queue may be empty);</li>
 *   <li>every event delivered must be acknowledged, also while the driver closes;
 *       {@link io.github.fabrictck.spi.cq.QueuePair#destroy()} waits until it is, as
 *       {@code ibv_destroy_cq} does, including for an event the device took for the handler
 *       before the handler call began.</li>
 * </ul>
 */
package io.github.fabrictck.spi.cq;
