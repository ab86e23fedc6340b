package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-coalescing-broken}: as zoo-cq-coalescing, but the 150 ms drain polls until empty and then re-arms, with no poll after the arm; must FAIL CQ-1 and CQ-2. */
public final class CoalescingBrokenDriver extends ZooDriver {

    public CoalescingBrokenDriver() {
        super("zoo-cq-coalescing-broken", completionQueue((context, qp) -> new CoalescingEndpoint(context, qp, false)));
    }
}
