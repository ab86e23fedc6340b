package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-semaphore-broken}: the semaphore design that polls only the send queue again after arming both (the brpc order); must FAIL CQ-3. */
public final class SemaphoreBrokenDriver extends ZooDriver {

    public SemaphoreBrokenDriver() {
        super("zoo-cq-semaphore-broken", completionQueue((context, queuePair) -> new SendRepollSemaphoreEndpoint(queuePair)));
    }
}
