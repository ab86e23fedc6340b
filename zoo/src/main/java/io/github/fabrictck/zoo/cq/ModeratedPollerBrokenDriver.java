package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-moderated-poller-broken}: as {@code zoo-cq-moderated-poller}, but the poller blocks without looking at
 * the close flag again: a close() that came while it was on its way to interrupt mode has its permit dropped with the
 * old ones, and the poller blocks for good while close() joins it. Must FAIL CQ-7.
 */
public final class ModeratedPollerBrokenDriver extends ZooDriver {

    public ModeratedPollerBrokenDriver() {
        super("zoo-cq-moderated-poller-broken",
                completionQueue((context, queuePair) -> new ModeratedPollerEndpoint(context, queuePair, true)));
    }
}
