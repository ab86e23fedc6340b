package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-forkjoin-broken}: as zoo-cq-forkjoin, but the pool's task drains and then arms, with no poll after the arm; must FAIL CQ-1 (its worker has a new pool number in every trial). */
public final class ForkJoinBrokenDriver extends ZooDriver {

    public ForkJoinBrokenDriver() {
        super("zoo-cq-forkjoin-broken", completionQueue((context, qp) -> new ForkJoinEndpoint(qp, true)));
    }
}
