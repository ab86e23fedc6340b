package io.github.fabrictck.windows;

import io.github.fabrictck.spi.Family;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CQ-2 missed-event report ignored.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>Forced ({@link CqSearch}): each point a driver thread passes is tried in turn, that thread
 * held there until the others settle (the waiter blocked, in both orders of the waiter and X); the
 * device then answers the next re-arm of the send CQ, on whatever thread makes it, with a completion
 * queued inside it. A driver that re-arms without the flag must find
 * Y some other way (arm, then poll once more).
 */
@Tag("CQ-2")
@RaceWindow(id = "CQ-2", title = "missed-event report ignored", family = Family.COMPLETION_QUEUE,
        source = "https://github.com/torvalds/linux/blob/master/drivers/infiniband/core/cq.c",
        bug = "Linux RDMA core: ib_req_notify_cq(cq, IB_CQ_NEXT_COMP | IB_CQ_REPORT_MISSED_EVENTS) answering more than "
                + "0 means completions may be queued that no event will announce: poll again.",
        interleaving = {
            "completion X arrives on an armed CQ; the handler drains the CQ and publishes X",
            "the waiter sees X, polls empty and blocks",
            "the last completion Y arrives just as the handler re-arms, before the arm takes effect: no event, and "
                    + "requestNotify(true) answers 1",
            "a handler that ignores the answer returns; Y stays in the CQ and the waiter sleeps"},
        invariants = {CqWindow.CONSUMED, CqWindow.NOT_STUCK, CQ1LostFinalCompletion.AWAIT_RETURNS},
        onFailure = "Check what your handler does with a positive answer of requestNotify(true): drain the queue again "
                + "and re-arm, until it answers 0.")
class CQ2MissedEventReportIgnored {

    @Test
    void completionArrivesInsideTheRearm(CqWindow w) {
        new CqSearch(w, "a completion arriving inside the re-arm")
                .scenario("completion first, the last send completes inside the next re-arm",
                        () -> new LastCompletion.LastSend(LastCompletion.Order.COMPLETION_FIRST, true), t -> true)
                .scenario("waiter first, the last send completes inside the next re-arm",
                        () -> new LastCompletion.LastSend(LastCompletion.Order.WAITER_FIRST, true), t -> true)
                .conclude();
    }
}
