package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-dispatcher-broken}: close() interrupts the dispatcher and destroys without joining it, so a
 * dispatcher servicing a queue hands its completion to the callback after close() returned; must FAIL CQ-9.
 */
public final class DispatcherBrokenDriver extends ZooDriver {

    public DispatcherBrokenDriver() {
        super("zoo-cq-dispatcher-broken", completionQueue(InterruptedDispatcherEndpoint::new));
    }
}
