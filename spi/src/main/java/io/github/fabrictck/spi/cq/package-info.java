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
 *
 * <p>Since SPI 3, optionally, one completion queue shared by several queue pairs
 * ({@link io.github.fabrictck.spi.cq.SharedCompletionQueueDriver},
 * {@link io.github.fabrictck.spi.cq.SharedQueuePair}): every completion carries its status and the
 * number of its queue pair, and must reach that queue pair's endpoint; a queue pair that enters the
 * error state completes each outstanding work request as a flush error, which carries only its id,
 * status and queue pair number, as {@code ibv_poll_cq(3)} says.
 */
package io.github.fabrictck.spi.cq;
