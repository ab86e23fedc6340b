package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review-cq-phaser}: the handler arrives at a one-party Phaser after publishing; the waiter reads the phase before its check. */
public final class PhaserDriver extends ZooDriver {

    public PhaserDriver() {
        super("review-cq-phaser", completionQueue((context, queuePair) -> new PhaserEndpoint(queuePair, true)));
    }
}
