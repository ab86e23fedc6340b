package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.Match;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.spi.Family;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CQ-1 lost final completion.
 *
 * <p>Source: BeeGFS client {@code IBVSocket} "fix(client): Avoid missing final send CQE"
 * (ThinkParQ/beegfs PR #133); libfabric {@code fi_cq_sread} lost event between poll and arm
 * (ofiwg/libfabric #796). A 10 s benchmark hung for 5 minutes about once in 50 runs.
 *
 * <p>The interleaving:
 * <ol>
 *   <li>completion X arrives on an armed CQ: the event fires, the CQ disarms, the handler starts;</li>
 *   <li>the handler bumps its progress counter;</li>
 *   <li>the waiter snapshots the counter, polls and gets X; snapshots again, polls: empty;</li>
 *   <li>the last completion Y is enqueued: the CQ is not armed, so no event;</li>
 *   <li>the handler re-arms ({@code requestNotify}): that arms for <em>later</em> completions only;</li>
 *   <li>the waiter sleeps until its timeout (5 minutes in BeeGFS) although Y sits in the CQ.</li>
 * </ol>
 *
 * <p>Variant a holds the handler at its re-arm, waits until the waiter is blocked, enqueues Y and
 * releases. Variant b holds the waiter right after its empty poll (and the handler at its re-arm,
 * if it re-arms), enqueues Y, releases the waiter, waits until it blocks, then releases the handler.
 *
 * <p>Invariants: every completion is consumed within a bound after it was enqueued, even when no
 * later completion ever comes; no driver thread is idle while the CQ holds a completion that no
 * event will announce.
 *
 * <p>If this window fails, check the order in your completion handler: re-arm <em>before</em>
 * publishing progress; or arm and then poll once more; or arm with {@code reportMissedEvents} and
 * poll again while it answers more than 0.
 */
@Tag("CQ-1")
@RaceWindow(id = "CQ-1", title = "lost final completion", family = Family.COMPLETION_QUEUE,
        source = "https://github.com/ThinkParQ/beegfs/pull/133",
        bug = "BeeGFS client IBVSocket, \"fix(client): Avoid missing final send CQE\": a 10 s benchmark hung for 5 "
                + "minutes about once in 50 runs while the last send completion sat unpolled in the CQ; also libfabric "
                + "fi_cq_sread's lost event between poll and arm (ofiwg/libfabric #796).",
        interleaving = {
            "completion X arrives on an armed CQ: the event fires, the CQ disarms, the handler starts",
            "the handler bumps its progress counter",
            "the waiter snapshots the counter, polls and gets X; snapshots again, polls: empty",
            "the last completion Y is enqueued: the CQ is not armed, so no event",
            "the handler re-arms (requestNotify): that arms for later completions only",
            "the waiter sleeps until its timeout (5 minutes in BeeGFS) although Y sits in the CQ"},
        invariants = {CqWindow.CONSUMED, CqWindow.NOT_STUCK, CQ1LostFinalCompletion.AWAIT_RETURNS},
        onFailure = "Check the order in your completion handler: re-arm before publishing progress; or arm, then poll "
                + "once more; or arm with reportMissedEvents and poll again while it answers more than 0.")
class CQ1LostFinalCompletion {

    static final String AWAIT_RETURNS = "awaitSendsComplete returns true once every posted send completed";

    @Test
    @Variant(id = "a", title = "handler held at its re-arm while the waiter sleeps")
    void handlerHeldAtRearm(CqWindow w) {
        Hold rearm = w.holdHandlerBeforeRearm(w.sendQueue());
        w.send(2);
        w.device().completeNextSend();
        w.reached(rearm);
        CompletableFuture<Boolean> waiter = w.startWaiterUntilBlocked();
        boolean announced = w.device().completeNextSend();
        if (announced || !rearm.isHolding() || waiter.isDone()) {
            throw new WindowNotOpened("the last completion did not land inside the window: announced=" + announced
                    + ", handler held=" + rearm.isHolding() + ", waiter returned=" + waiter.isDone());
        }
        w.run().opened("the last send completed unannounced while the handler was held at " + rearm.point().at()
                + " and the waiter was blocked");
        rearm.release();
        w.judgeEveryCompletionConsumed();
        w.judgeReturns(AWAIT_RETURNS, waiter, true);
        w.judgeRules();
    }

    @Test
    @Variant(id = "b", title = "waiter held after its empty poll, before it blocks")
    void waiterHeldAfterEmptyPoll(CqWindow w) {
        Hold rearm = w.holdHandlerBeforeRearm(w.sendQueue());
        Hold emptyPoll = w.hold("the waiter right after an empty poll of the send CQ",
                Match.call("CompletionQueue.poll").on(w.appThread()).receiver(w.sendQueue()).afterReturningNull());
        w.send(2);
        w.device().completeNextSend();
        w.awaitScript("the handler is held at its re-arm or has finished",
                () -> rearm.isReached() || w.device().interruptIdle());
        CompletableFuture<Boolean> waiter = w.startAwaitSendsComplete();
        w.awaitScript("the waiter polled the send CQ empty", () -> emptyPoll.isReached() || waiter.isDone());
        if (!emptyPoll.isReached()) {
            throw new WindowNotOpened("the waiter returned without polling the send CQ empty");
        }
        boolean announced = w.device().completeNextSend();
        if (announced) {
            throw new WindowNotOpened("the send CQ was armed when the waiter polled it empty, so the last completion "
                    + "raised an event: this driver's handler re-armed before the waiter polled");
        }
        w.run().opened("the last send completed unannounced while the waiter was held after its empty poll at "
                + emptyPoll.point().at() + (rearm.isHolding() ? " and the handler at " + rearm.point().at() : ""));
        emptyPoll.release();
        w.awaitBlockedOrDone(w.appThread(), "the waiter in awaitSendsComplete", waiter);
        rearm.release();
        w.judgeEveryCompletionConsumed();
        w.judgeReturns(AWAIT_RETURNS, waiter, true);
        w.judgeRules();
    }
}
