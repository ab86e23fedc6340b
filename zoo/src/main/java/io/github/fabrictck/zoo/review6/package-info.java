/**
 * Review 6: peer-handshake and connection-setup designs written the way different vendors would
 * (a periodic housekeeping tick, all work on the context's scheduler, an event loop with a
 * coin-flip tie-break, CLC timers armed first, a timer wheel, a drained crossing DECLINE), each with
 * a broken twin that has one real bug of its window's kind. The zoo's build runs the HS tick, executor
 * and synchronized pairs and the CS drain pair; the CLC-timer and timer-wheel CS designs and the
 * coin-flip HS design are for manual runs (their twins' verdicts are not yet right: see issue #14).
 */
package io.github.fabrictck.zoo.review6;
