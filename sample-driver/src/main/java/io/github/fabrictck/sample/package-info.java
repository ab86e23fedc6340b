/**
 * The reference driver {@code sample}, which implements the completion-queue, peer-handshake and
 * connection-setup families correctly, and the known-broken drivers {@code broken-cq-1} to
 * {@code broken-cq-4}, {@code broken-hs-1} to {@code broken-hs-4} and {@code broken-cs-1} to
 * {@code broken-cs-3}: each renders one published bug faithfully, and nothing else, so that its
 * window must FAIL.
 *
 * <p>All completion-queue endpoints share {@link io.github.fabrictck.sample.Endpoint}: sends, the
 * waiter (which snapshots progress, polls, and sleeps until progress changes, as BeeGFS does),
 * receives, and a close that waits for a running handler. They differ only in the completion
 * handler (and, for {@code broken-cq-4}, in close).
 *
 * <p>All handshake endpoints share {@link io.github.fabrictck.sample.Handshake}: the hello exchange,
 * and hello retry timers that are one-shot schedules on the kit's scheduler (a hello response of
 * version 0 is a rejection, retried on the timer). They differ from {@link
 * io.github.fabrictck.sample.SampleHandshake} in one hook each: what a hello request does
 * ({@code broken-hs-1}, kfilnd before LU-17839), what happens to data that arrives early
 * ({@code broken-hs-2}, without LU-19474), where the hello timeout is armed ({@code broken-hs-3}:
 * per queued message instead of per peer, Lustre LU-17838), whether a crossing hello request is
 * rejected ({@code broken-hs-4}: both sides reject a connection race and retry in lock-step without
 * end, ko2iblnd LU-7646).
 *
 * <p>All connection-setup endpoints share {@link io.github.fabrictck.sample.Setup}, an SMC-R-like
 * setup with a fallback to the control stream, and differ from {@link
 * io.github.fabrictck.sample.SampleSetup} in one hook each: the client's confirm timeout
 * ({@code broken-cs-1}, CVE-2023-52775), whether the client waits for the server's word
 * ({@code broken-cs-2}), whether the server bounds its wait for the link response
 * ({@code broken-cs-3}).
 */
package io.github.fabrictck.sample;
