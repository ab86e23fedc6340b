package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-event-loop}: the handler hands each event to a BlockingQueue; an event-loop thread acks, re-arms, polls until empty and publishes. */
public final class EventLoopDriver extends ZooDriver {

    public EventLoopDriver() {
        super("zoo-cq-event-loop", completionQueue(EventLoopEndpoint::new));
    }
}
