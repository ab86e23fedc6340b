package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-condition}: ReentrantLock + Condition.awaitNanos/signalAll; the waiter re-checks its predicate under the lock before it waits. */
public final class ConditionDriver extends ZooDriver {

    public ConditionDriver() {
        super("zoo-cq-condition", completionQueue((context, queuePair) -> new ConditionEndpoint(queuePair)));
    }
}
