/**
 * Completion-queue designs with the application's completion callback
 * ({@link io.github.fabrictck.spi.cq.CompletionQueueDriver#consumeWith}), so that CQ-5 and CQ-9 reach
 * them. Correct: {@code zoo-cq-inflight} (the callback on the interrupt thread, outside every lock;
 * {@code close()} marks closed and parks until an in-flight counter of the handlers is zero) and
 * {@code zoo-cq-dispatcher} (the callback on a dispatcher thread; {@code close()} queues a stop marker
 * and joins it). Broken twins, each with the CQ-9 bug where its design would have it:
 * {@code zoo-cq-inflight-broken} (the handler counts itself out before it calls the callback) and
 * {@code zoo-cq-dispatcher-broken} (the dispatcher is interrupted, not joined).
 *
 * <p>Two more, each first held out for a finding about the kit, now fixed: {@code zoo-cq-quiesce-phaser},
 * correct (the in-flight handlers registered with a {@link java.util.concurrent.Phaser}, {@code close()} in
 * {@code arriveAndAwaitAdvance}, a wait the kit did not count as blocking: CQ-4/teardown was ERROR); and
 * {@code zoo-cq-inflight-recheck-broken}, broken (the handler counts itself out, looks at the closed mark
 * again, then calls the callback), which CQ-9 PASSed because the hold for a callback after {@code close()}
 * returned was placed while the handler was already held at that call.
 *
 * <p>{@code zoo-cq-flow}, correct (the handler publishes the queue on a {@link java.util.concurrent.SubmissionPublisher}
 * whose subscriber drains and re-arms on a worker of the context's factory: a hand-off made inside the JDK, which the
 * kit once judged idle, false FAILs on CQ-1), and {@code zoo-cq-flow-broken} (the callback's exception escapes
 * {@code onNext}: CQ-5).
 */
package io.github.fabrictck.zoo.cq.callback;
