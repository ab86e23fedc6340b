package io.github.fabrictck.windows;

import io.github.fabrictck.spi.Family;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CQ-1 lost final completion.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>The window finds its own points ({@link CqSearch}): a first run with no hold records every
 * point each driver thread passes (re-arms, polls, waits, locks; on the interrupt thread, on threads
 * of the driver's own and on the application thread alike); then each point is tried in a fresh
 * run, one thread held there while the others settle, and the last completion lands. Variant a
 * holds the threads other than the waiter (the handler at its re-arm, an event loop after its
 * empty poll, ...); b holds the waiter on its way from its last poll to blocking; waiter-first
 * blocks the waiter before X completes (libfabric #796's order: poll empty, then arm, then wait);
 * lost-signal sends one message and completes it while the waiter is stopped between its check and
 * its wait, so a driver whose waiter goes to sleep without re-checking what the handler published
 * meanwhile loses the wakeup. A design that cannot reach the situation (a busy poller never
 * sleeps) is NOT_APPLICABLE with that reason; where the held thread owns a lock another thread
 * waits for, the completion lands and is judged all the same.
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

    /** The application thread's name: it calls awaitSendsComplete, so it is the waiter. */
    static final String APP = "app";

    @Test
    @Variant(id = "a", title = "a thread that re-arms or polls held while the waiter sleeps")
    void handlerHeld(CqWindow w) {
        new CqSearch(w, "a lost final completion").scenario("completion first, hold a thread other than the waiter",
                () -> new LastCompletion.LastSend(LastCompletion.Order.COMPLETION_FIRST, false), t -> !t.equals(APP))
                .conclude();
    }

    @Test
    @Variant(id = "b", title = "the waiter held on its way from its last poll to blocking")
    void waiterHeld(CqWindow w) {
        new CqSearch(w, "a lost final completion").scenario("completion first, hold the waiter",
                () -> new LastCompletion.LastSend(LastCompletion.Order.COMPLETION_FIRST, false, true), APP::equals)
                .conclude();
    }

    @Test
    @Variant(id = "waiter-first", title = "the waiter blocked before the first completion, libfabric #796's order")
    void waiterFirst(CqWindow w) {
        new CqSearch(w, "a lost final completion").scenario("waiter first, hold any thread",
                () -> new LastCompletion.LastSend(LastCompletion.Order.WAITER_FIRST, false), t -> true)
                .conclude();
    }

    @Test
    @Variant(id = "lost-signal", title = "the completion handled between the waiter's check and its wait")
    void lostSignal(CqWindow w) {
        new CqSearch(w, "a lost signal between the waiter's check and its wait")
                .scenario("one send, hold the waiter on its way to blocking", LastCompletion.LostSignal::new, APP::equals)
                .conclude();
    }
}
