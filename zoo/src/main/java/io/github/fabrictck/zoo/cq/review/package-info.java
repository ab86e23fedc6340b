/**
 * Review probes (branch {@code review}): CQ designs the zoo does not contain, written as a new
 * vendor would, each correct or the broken twin of one, to find verdicts that depend on shape, on
 * the kit's own holds or on luck. Correct: {@code review-cq-stamped} (StampedLock),
 * {@code -executor} (single-thread executor of the context, CompletableFuture waiter),
 * {@code -scheduler} (the same on the context's own scheduler),
 * {@code -phaser}, {@code -rwlock}, {@code -read-locked} (teardown by a read-write lock),
 * {@code -timed-poll}, {@code -counted} (24 atomic statistics per event), {@code -locked-tick}
 * (monitor held across the re-arm, waiter ticks every 10 ms). Broken: {@code -executor-broken}, {@code -scheduler-broken},
 * {@code -phaser-broken}, {@code -rwlock-broken}, {@code -counted-broken},
 * {@code -counted-both-broken} and its control {@code -uncounted-both-broken} (the CQ-3 bug),
 * {@code -locked-tick-broken}.
 */
package io.github.fabrictck.zoo.cq.review;
