package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-flow}: the interrupt handler acknowledges and publishes the queue on a {@code SubmissionPublisher}
 * whose single subscriber, on one worker of the context's factory, drains, hands each completion to the callback and
 * re-arms until quiet; the publisher hands its task to the worker inside the JDK. {@code close()} closes the publisher
 * and waits for {@code onComplete}.
 */
public final class FlowDriver extends ZooDriver {

    public FlowDriver() {
        super("zoo-cq-flow", completionQueue((context, qp) -> new FlowEndpoint(context, qp, true)));
    }
}
