package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-quiesce-phaser}: the handler polls, re-arms with missed events and hands each completion to the
 * application's callback outside any lock, registered with a Phaser; close() marks closed and calls
 * {@code arriveAndAwaitAdvance()}.
 *
 * <p>Held out of the zoo: not registered in {@code META-INF/services}, so not in {@code matrix.txt}. The design is
 * correct (see {@link QuiescePhaserEndpoint}), but the kit does not count a thread inside
 * {@code Phaser.arriveAndAwaitAdvance} as blocked ({@code engine.Blocking} lists {@code awaitAdvance} and
 * {@code awaitAdvanceInterruptibly}, not {@code arriveAndAwaitAdvance}), so a {@code close()} waiting there for a
 * handler the kit holds never settles: CQ-4/teardown is ERROR ("the driver's threads did not settle within 5000
 * ms"), and CQ-9 PASSes on the placements before the handler registers only (those after it are not judged, for
 * the same reason, and after two of them the rest are not tried). With {@code awaitAdvance(arrive())}, the same
 * wait, every CQ window PASSes. Register it (one line in the services file, one {@code CQ PASS} line in the
 * matrix) once the kit sees {@code arriveAndAwaitAdvance}. The stress test runs it meanwhile.
 */
public final class QuiescePhaserDriver extends ZooDriver {

    public QuiescePhaserDriver() {
        super("zoo-cq-quiesce-phaser", completionQueue((context, queuePair) -> new QuiescePhaserEndpoint(queuePair)));
    }
}
