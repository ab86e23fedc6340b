package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.spi.Family;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CQ-3 stranded completion on the second CQ.
 *
 * <p>Source: brpc PR #3425 (apache/brpc): after arming the send and the receive CQ, only the send
 * CQ was polled again, so a receive completion that arrived between the receive CQ's last poll and
 * its arm waited until some later event.
 *
 * <p>The interleaving:
 * <ol>
 *   <li>message R1 arrives on the armed receive CQ; the handler drains both CQs;</li>
 *   <li>the application takes R1 and waits for the next message;</li>
 *   <li>the handler arms the send CQ; before it arms the receive CQ, message R2 arrives: no event;</li>
 *   <li>the handler arms the receive CQ and polls the send CQ once more, but not the receive CQ;</li>
 *   <li>R2 waits in the receive CQ and the application waits for it.</li>
 * </ol>
 *
 * <p>Forced: the handler is held at its re-arm of the receive CQ until the application is blocked
 * in {@code receive}; R2 arrives; release.
 *
 * <p>Invariant: as CQ-1, for every CQ the driver arms: R2 is consumed within the bound and the
 * application receives it.
 *
 * <p>If this window fails, check that after arming you poll (or ask for missed events on) every
 * CQ you armed, not only the send CQ.
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
        Hold rearm = w.holdHandlerBeforeRearm(w.receiveQueue());
        w.device().deliverIncoming("R1".getBytes());
        w.reached(rearm);
        byte[] first = w.call("receive", () -> w.driver().receive(CqWindow.APPLICATION_TIMEOUT));
        if (!Arrays.equals(first, "R1".getBytes())) {
            throw new WindowNotOpened("the first receive returned " + (first == null ? "null" : new String(first))
                    + " instead of R1");
        }
        CompletableFuture<byte[]> second = w.start("receive", () -> w.driver().receive(CqWindow.APPLICATION_TIMEOUT));
        w.awaitBlockedOrDone(w.appThread(), "the application in receive", second);
        boolean announced = w.device().deliverIncoming("R2".getBytes());
        if (announced || !rearm.isHolding()) {
            throw new WindowNotOpened("R2 did not land inside the window: announced=" + announced);
        }
        w.run().opened("message R2 arrived unannounced while the handler was held before re-arming the receive CQ at "
                + rearm.point().at());
        rearm.release();
        w.judgeEveryCompletionConsumed();
        w.judgeReturns(RECEIVED, second.thenApply(b -> b == null ? "nothing" : new String(b)), "R2");
        w.judgeRules();
    }
}
