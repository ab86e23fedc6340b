package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-coalescing}: interrupt moderation, the handler schedules one drain per queue 150 ms later on the context's scheduler, which re-arms, then polls until empty. */
public final class CoalescingDriver extends ZooDriver {

    public CoalescingDriver() {
        super("zoo-cq-coalescing", completionQueue((context, qp) -> new CoalescingEndpoint(context, qp, true)));
    }
}
