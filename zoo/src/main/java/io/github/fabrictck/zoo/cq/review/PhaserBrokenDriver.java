package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review-cq-phaser-broken}: the Phaser design reading the phase after its check (a lost signal); must FAIL CQ-1/lost-signal. */
public final class PhaserBrokenDriver extends ZooDriver {

    public PhaserBrokenDriver() {
        super("review-cq-phaser-broken", completionQueue((context, queuePair) -> new PhaserEndpoint(queuePair, false)));
    }
}
