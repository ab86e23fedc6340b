package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-forkjoin}: the handler hands each event to the endpoint's own ForkJoinPool(1), whose task acknowledges, drains, arms with reportMissedEvents and drains again; state under one ReentrantLock with a Condition per waiter; close() is shutdown and awaitTermination. */
public final class ForkJoinDriver extends ZooDriver {

    public ForkJoinDriver() {
        super("zoo-cq-forkjoin", completionQueue((context, qp) -> new ForkJoinEndpoint(qp, false)));
    }
}
