package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-quiesce-phaser}: the handler polls, re-arms with missed events and hands each completion to the
 * application's callback outside any lock, registered with a Phaser; close() marks closed and calls
 * {@code arriveAndAwaitAdvance()}.
 *
 * <p>The kit counts a thread inside {@code Phaser.arriveAndAwaitAdvance} as blocked (as it counts
 * {@code awaitAdvance}): a {@code close()} waiting there for a handler the kit holds has settled.
 */
public final class QuiescePhaserDriver extends ZooDriver {

    public QuiescePhaserDriver() {
        super("zoo-cq-quiesce-phaser", completionQueue((context, queuePair) -> new QuiescePhaserEndpoint(queuePair)));
    }
}
