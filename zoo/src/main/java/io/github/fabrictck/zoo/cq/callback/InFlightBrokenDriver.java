package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-inflight-broken}: the handler counts itself out once done with the queues and then hands its batch
 * to the application's callback, which close() does not wait for; must FAIL CQ-9.
 */
public final class InFlightBrokenDriver extends ZooDriver {

    public InFlightBrokenDriver() {
        super("zoo-cq-inflight-broken", completionQueue((context, queuePair) -> new UncountedHandOverEndpoint(queuePair)));
    }
}
