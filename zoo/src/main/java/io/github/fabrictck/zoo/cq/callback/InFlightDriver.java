package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-inflight}: the handler, counted in an in-flight counter, polls, re-arms with missed events and hands
 * each completion to the application's callback outside any lock; close() marks closed and parks until the count is 0.
 */
public final class InFlightDriver extends ZooDriver {

    public InFlightDriver() {
        super("zoo-cq-inflight", completionQueue((context, queuePair) -> new InFlightEndpoint(queuePair)));
    }
}
