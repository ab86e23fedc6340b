package io.github.fabrictck.windows;

import io.github.fabrictck.spi.Family;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CQ-3 stranded completion on the second CQ.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>Forced ({@link CqSearch}): each point a driver thread passes after R1 arrives is tried in
 * turn (the handler's re-arm of the receive CQ among them, on whatever thread the driver makes it),
 * that thread held there until the application is blocked in {@code receive}; R2 arrives; release.
 */
@Tag("CQ-3")
@RaceWindow(id = "CQ-3", title = "stranded completion on the second CQ", family = Family.COMPLETION_QUEUE,
        source = "https://github.com/apache/brpc/pull/3425",
        bug = "brpc RDMA endpoint: after arming the send and the receive CQ only the send CQ was polled again, so a "
                + "receive completion that arrived between the receive CQ's last poll and its arm waited for a later event.",
        interleaving = {
            "message R1 arrives on the armed receive CQ; the handler drains both CQs",
            "the application takes R1 and waits for the next message",
            "the handler arms the send CQ; before it arms the receive CQ, message R2 arrives: no event",
            "the handler arms the receive CQ and polls the send CQ once more, but not the receive CQ",
            "R2 waits in the receive CQ and the application waits for it"},
        invariants = {CqWindow.CONSUMED, CqWindow.NOT_STUCK, CQ3StrandedSecondQueue.RECEIVED},
        onFailure = "Check that after arming you poll (or ask for missed events on) every CQ you armed, not only the "
                + "send CQ.")
class CQ3StrandedSecondQueue {

    static final String RECEIVED = "the application receives every incoming message within the bound";

    @Test
    void messageArrivesBeforeTheReceiveQueueIsArmed(CqWindow w) {
        new CqSearch(w, "a stranded receive completion")
                .scenario("R1 received, the application waits for R2", LastCompletion.SecondMessage::new, t -> true)
                .conclude();
    }
}
