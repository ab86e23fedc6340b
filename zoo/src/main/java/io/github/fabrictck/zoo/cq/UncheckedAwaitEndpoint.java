package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.QueuePair;
import java.util.function.BooleanSupplier;

/**
 * The condition endpoint with a lost signal in its own wait: the waiter checked its predicate in one
 * lock section, polled empty outside the lock, and now awaits in another lock section without
 * checking again. A handler that publishes and signals between the two sections signals nobody,
 * and the waiter sleeps until its timeout with every completion already taken. The handler itself
 * is correct (it re-arms before it publishes), so the device side is in order.
 */
final class UncheckedAwaitEndpoint extends ConditionEndpoint {

    UncheckedAwaitEndpoint(QueuePair queuePair) {
        super(queuePair);
    }

    @Override
    protected long awaitProgress(BooleanSupplier ready, long nanos) throws InterruptedException {
        lock.lock();
        try {
            // the predicate was checked at the top of the caller's loop
            return progress.awaitNanos(nanos);
        } finally {
            lock.unlock();
        }
    }
}
