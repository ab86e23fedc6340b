package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-semaphore}: completions counted with a Semaphore; the handler releases a permit per completion, awaitSendsComplete uses tryAcquire(n, timeout). */
public final class SemaphoreDriver extends ZooDriver {

    public SemaphoreDriver() {
        super("zoo-cq-semaphore", completionQueue((context, queuePair) -> new SemaphoreEndpoint(queuePair)));
    }
}
