package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-wake-flag-loop}: Netty-style event loop; the handler queues a task and wakes the loop once per wakenUp flag, which the loop clears before it looks at its tasks. */
public final class WakeFlagLoopDriver extends ZooDriver {

    public WakeFlagLoopDriver() {
        super("zoo-cq-wake-flag-loop", completionQueue((context, qp) -> new WakeFlagLoopEndpoint(context, qp, true)));
    }
}
