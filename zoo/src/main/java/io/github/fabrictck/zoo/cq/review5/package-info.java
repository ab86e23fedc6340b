/**
 * Review 5's CQ drivers (a hostile review of the synchronized-as-block rewrite and of the context's
 * wall-clock scheduler): every state method is {@code synchronized} (SPI methods too) with
 * {@code wait}/{@code notifyAll}; the handler's work runs on a scheduler in several ways
 * ({@link io.github.fabrictck.zoo.cq.review5.SchedEndpoint.Mode}). Correct: {@code review5-timer} (a
 * 1 ms {@code schedule()} per event), {@code -periodic} (a 10 ms periodic drain), {@code -own-pool}
 * (its own scheduled pool), {@code -execute-timer}; each has a {@code -broken} twin (drain, then arm).
 * The zoo's build runs {@code review5-timer}, its twin and {@code review5-timer-timeunit} (its waiters
 * wait with {@code TimeUnit.timedWait}, once unseen by the kit); the others are for runs by hand:
 * {@code review5-periodic} is still ERROR on CQ-1/b ("no placement opened").
 */
package io.github.fabrictck.zoo.cq.review5;
