package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.QueuePair;

/**
 * The semaphore endpoint that polls only the send queue after arming (brpc before PR #3425): the
 * vendor re-polled where {@code awaitSendsComplete}'s permits come from and forgot the receive
 * queue, so a message that lands between the receive queue's drain and its arm waits for an event
 * that never comes.
 */
final class SendRepollSemaphoreEndpoint extends SemaphoreEndpoint {

    SendRepollSemaphoreEndpoint(QueuePair queuePair) {
        super(queuePair);
    }

    @Override
    protected void pollAfterArm() {
        drain(sendCq);
    }
}
