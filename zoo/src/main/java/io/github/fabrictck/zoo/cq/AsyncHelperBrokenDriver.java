package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-async-helper-broken}: as zoo-cq-async-helper, but the task polls until empty and then re-arms, with no poll after the arm; must FAIL CQ-1. */
public final class AsyncHelperBrokenDriver extends ZooDriver {

    public AsyncHelperBrokenDriver() {
        super("zoo-cq-async-helper-broken", completionQueue((context, qp) -> new AsyncHelperEndpoint(context, qp, false)));
    }
}
