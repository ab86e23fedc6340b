package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-dispatcher}: the handler acknowledges and hands the queue to a dispatcher thread, which re-arms,
 * polls and calls the application's callback; close() queues a stop marker, joins the dispatcher, then destroys.
 */
public final class DispatcherDriver extends ZooDriver {

    public DispatcherDriver() {
        super("zoo-cq-dispatcher", completionQueue(DispatcherEndpoint::new));
    }
}
