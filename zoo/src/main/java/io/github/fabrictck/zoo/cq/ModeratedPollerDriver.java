package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-moderated-poller}: a poller thread spins 16 empty rounds, then drops old permits, arms, polls again,
 * looks at the close flag and blocks on a semaphore that events and close() release.
 */
public final class ModeratedPollerDriver extends ZooDriver {

    public ModeratedPollerDriver() {
        super("zoo-cq-moderated-poller",
                completionQueue((context, queuePair) -> new ModeratedPollerEndpoint(context, queuePair, false)));
    }
}
