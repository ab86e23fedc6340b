/**
 * The reference driver {@code sample}, which implements the completion-queue family correctly,
 * and the known-broken drivers {@code broken-cq-1} to {@code broken-cq-4}: each renders one
 * published bug faithfully, and nothing else, so that its window must FAIL.
 *
 * <p>All endpoints share {@link io.github.fabrictck.sample.Endpoint}: sends, the waiter (which
 * snapshots progress, polls, and sleeps until progress changes, as BeeGFS does), receives, and a
 * close that waits for a running handler. They differ only in the completion handler (and, for
 * {@code broken-cq-4}, in close).
 */
package io.github.fabrictck.sample;
