/**
 * The reference driver {@code sample}, which implements the completion-queue, peer-handshake and
 * connection-setup families correctly, and the known-broken drivers {@code broken-cq-1} to
 * {@code broken-cq-4}, {@code broken-hs-1}, {@code broken-hs-2} and {@code broken-cs-1} to
 * {@code broken-cs-3}: each renders one published bug faithfully, and nothing else, so that its
 * window must FAIL.
 *
 * <p>All completion-queue endpoints share {@link io.github.fabrictck.sample.Endpoint}: sends, the
 * waiter (which snapshots progress, polls, and sleeps until progress changes, as BeeGFS does),
 * receives, and a close that waits for a running handler. They differ only in the completion
 * handler (and, for {@code broken-cq-4}, in close).
 *
 * <p>All handshake endpoints share {@link io.github.fabrictck.sample.Handshake} and differ in what
 * a hello request does and what happens to data that arrives early.
 *
 * <p>All connection-setup endpoints share {@link io.github.fabrictck.sample.Setup}, an SMC-R-like
 * setup with a fallback to the control stream, and differ from {@link
 * io.github.fabrictck.sample.SampleSetup} in one hook each: the client's confirm timeout
 * ({@code broken-cs-1}, CVE-2023-52775), whether the client waits for the server's word
 * ({@code broken-cs-2}), whether the server bounds its wait for the link response
 * ({@code broken-cs-3}).
 */
package io.github.fabrictck.sample;
