package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-flow-broken}: as zoo-cq-flow, but an exception of the application's callback escapes {@code onNext},
 * which cancels the subscription: the rest of the batch is never polled and the queue is left unarmed; must FAIL CQ-5.
 */
public final class FlowBrokenDriver extends ZooDriver {

    public FlowBrokenDriver() {
        super("zoo-cq-flow-broken", completionQueue((context, qp) -> new FlowEndpoint(context, qp, false)));
    }
}
