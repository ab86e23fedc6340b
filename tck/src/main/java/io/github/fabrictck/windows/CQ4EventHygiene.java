package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.Match;
import io.github.fabrictck.engine.Point;
import io.github.fabrictck.engine.PointMatcher;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.spi.Family;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CQ-4 event hygiene.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>Variant spurious: with one send in flight and the waiter blocked, the device delivers an event
 * on an empty CQ. The handler must take it in stride: no error, no progress counted, the CQ armed
 * again, so that the real completion that follows is still noticed.
 *
 * <p>Variant teardown: an event's handler is held inside the handler (at its first call to the
 * device) while the application calls {@code close()}. {@code close()} must wait for the handler;
 * after it returns the driver handles no event and touches no queue, and every delivered event was
 * acknowledged before the queue pair was destroyed.
 *
 * <p>Variant taken: the device has taken an event for the handler (delivered, not yet acknowledged)
 * but the handler call has not begun when the application calls {@code close()}. The driver cannot
 * know of that event; the device's {@code destroy} waits until it is acknowledged, as
 * {@code ibv_destroy_cq} does. The handler must still acknowledge it, and must not touch the queues
 * once {@code close()} is under way. This is the use after destroy a controlled scheduler found in
 * the reference driver before the device's rule was written down.
 *
 * <p>In both teardown variants, once the handler is released the kit lets {@code close()} run as far
 * as it can before each further call the handler makes to the device, so a handler that touches a
 * queue {@code close()} has destroyed does so in every run, not only when the scheduler is unlucky.
 */
@Tag("CQ-4")
@RaceWindow(id = "CQ-4", title = "event hygiene", family = Family.COMPLETION_QUEUE,
        source = "https://github.com/torvalds/linux/blob/master/net/rds/ib_cm.c",
        bug = "BeeGFS userspace IBVSocket.cpp tolerates outdated completion events; Linux RDS i_cq_quiesce makes "
                + "shutdown wait for a completion handler still running before the queues are freed.",
        interleaving = {
            "spurious: with one send in flight and the waiter blocked, an event arrives for an empty CQ; the handler "
                    + "must not count it as progress and must re-arm, so the real completion that follows is noticed",
            "teardown: an event's handler is inside the handler (at its first call to the device) when the "
                    + "application calls close()",
            "taken: the device has taken an event for the handler, which has not begun yet, when the application "
                    + "calls close(); destroy waits until that event is acknowledged, as ibv_destroy_cq does",
            "close() must wait for the handler; after it returns, no handler runs and no queue is touched",
            "every delivered event was acknowledged before the queue pair was destroyed"},
        invariants = {CQ4EventHygiene.HARMLESS, CQ4EventHygiene.QUIESCED, CQ4EventHygiene.CLOSE_RETURNS, CqWindow.RULES,
            CqWindow.CONSUMED},
        onFailure = "Check that your handler does not assume an event carries a completion, and that close() marks the "
                + "endpoint closing, waits until no handler runs, then destroys the queue pair.")
class CQ4EventHygiene {

    static final String HARMLESS = "a spurious event is harmless (no error, no progress counted for it)";
    static final String QUIESCED = "after close() returns the driver handles no event and touches no queue";
    static final String CLOSE_RETURNS = "close() returns once the handler has finished, every event it was given "
            + "acknowledged";
    /** How many further device calls of a released handler the kit lets close() run ahead of. */
    private static final int CLOSER_FIRST_STEPS = 200;

    @Test
    @Variant(id = "spurious", title = "an event on an empty CQ while a send is in flight")
    void spuriousEvent(CqWindow w) {
        Hold entry = w.hold("the completion handler entering for the spurious event", Match.entry("onCompletionEvent"));
        w.send(1);
        CompletableFuture<Boolean> waiter = w.startAwaitSendsComplete();
        w.trial().settleOrSpin();
        w.device().deliverSpuriousEvent(w.sendQueue());
        w.reached(entry);
        if (w.device().depth(w.sendQueue()) != 0) {
            throw new WindowNotOpened("the send CQ was not empty when the spurious event was delivered");
        }
        w.run().opened("the handler entered at " + entry.point().at() + " for an event on an empty send CQ while a "
                + "send was in flight and the waiter was blocked");
        entry.release();
        w.trial().settleOrSpin();
        w.judgeRules();
        if (waiter.isDone()) {
            throw new InvariantViolation(HARMLESS, "awaitSendsComplete returned " + waiter.getNow(null)
                    + " after the spurious event although the send had not completed");
        }
        w.device().completeNextSend();
        w.judgeEveryCompletionConsumed();
        w.judgeReturns(CQ1LostFinalCompletion.AWAIT_RETURNS, waiter, true);
        w.judgeRules();
    }

    /**
     * The first call to the device a driver thread other than the application makes while it
     * handles the event: on the interrupt thread for a handler, on the driver's own thread for an
     * event loop. A post is no handling of an event: a driver whose own thread posts the application's
     * sends (an actor's mailbox) is held at its next call, as it handles the event.
     */
    private static PointMatcher firstDeviceCallOffTheApplication(Thread app) {
        return PointMatcher.of("before the first call to the device by a thread other than the application",
                (t, p, isAfter, args, result) -> !isAfter && t != app && p.kind() == Point.Kind.ENVIRONMENT_CALL
                        && !p.target().endsWith(".postSend"));
    }

    @Test
    @Variant(id = "teardown", title = "close() while the handler is running")
    void closeDuringHandler(CqWindow w) {
        // the hold is placed once the send is posted: a driver thread that polls on a timer of its own inside a monitor
        // send() takes (review5-periodic) was held at a poll before the send, and the application waited for it (ERROR
        // once in 20 runs at load 6): that poll handles no event
        w.send(1);
        Hold inHandler = w.hold("a driver thread handling the event, at its first call to the device",
                firstDeviceCallOffTheApplication(w.appThread()));
        w.device().completeNextSend();
        if (!w.trial().reachedOrSettled(inHandler)) {
            // a handler that makes no device call of its own: hold it before it returns
            w.newTrial();
            w.send(1);
            inHandler = w.hold("the completion handler before it returns", Match.exit("onCompletionEvent"));
            w.device().completeNextSend();
            if (!w.trial().reachedOrSettled(inHandler)) {
                if (w.device().eventsRaised() == 0) {
                    Assumptions.abort(NOT_ARMED);
                }
                w.reached(inHandler);
            }
        }
        CompletableFuture<Void> close = w.startClose();
        w.trial().settleOrSpin();
        w.run().opened("close() was called while " + inHandler.thread().getName() + " was held handling the event at "
                + inHandler.point().at());
        boolean returnedDuringHandler = close.isDone();
        closerFirst(w, inHandler, close);
        if (returnedDuringHandler) {
            throw new InvariantViolation(QUIESCED, "close() returned while " + inHandler.thread().getName()
                    + " was still handling the event at " + inHandler.point().at() + "; then: "
                    + String.join("; ", w.device().misuse()));
        }
        w.judgeRules();
    }

    @Test
    @Variant(id = "taken", title = "close() after the device took an event, before its handler began")
    void closeAfterEventTaken(CqWindow w) {
        Hold taken = w.hold("the interrupt thread entering the completion handler with an event the device took",
                Match.entry("onCompletionEvent"));
        w.send(1);
        w.device().completeNextSend();
        if (!w.trial().reachedOrSettled(taken)) {
            if (w.device().eventsRaised() == 0) {
                Assumptions.abort(NOT_ARMED);
            }
            w.reached(taken);
        }
        CompletableFuture<Void> close = w.startClose();
        w.trial().settleOrSpin();
        w.run().opened("close() was called after the device had taken an event of the send CQ for the handler and "
                + "before " + taken.thread().getName() + " entered the handler at " + taken.point().at());
        closerFirst(w, taken, close);
        w.judgeRules();
    }

    /**
     * Why a driver that armed nothing is NOT_APPLICABLE: the scenario's application sends and does not wait, so a
     * design that arms only while an application thread waits (fi_cq_sread) arms nothing here, as a poller does.
     */
    static final String NOT_ARMED = "the driver armed none of its completion queues while the application sent without "
            + "waiting for the send's completion (it polls, or arms a queue only while an application thread waits on "
            + "it, as fi_cq_sread does), so the device raised no event and no handler can race close()";


    /**
     * Releases the held handler, then lets {@code close()} run as far as it can before each further
     * call the handler makes to the device: a queue touched after {@code close()} destroyed it is
     * touched in every run. FAIL when {@code close()} never returns once every thread has settled.
     */
    private static void closerFirst(CqWindow w, Hold held, CompletableFuture<Void> close) {
        Thread handler = held.thread();
        Hold previous = held;
        for (int step = 0; step < CLOSER_FIRST_STEPS && !close.isDone(); step++) {
            Hold next = w.hold("the handler's next call to the device while close() has not returned",
                    PointMatcher.of("before the next call to the device by " + handler.getName(),
                            (t, p, isAfter, args, result) -> t == handler && !isAfter
                                    && p.kind() == Point.Kind.ENVIRONMENT_CALL));
            previous.release();
            previous = next;
            w.trial().settleOrSpin();
            if (!next.isReached()) {
                break;
            }
        }
        previous.release();
        w.trial().settleOrSpin();
        // a close() that waits for a driver thread in a timed wait on the device (DiSNI's CQ thread in getCqEvent,
        // which looks at its running flag between waits) returns once the device's time passes, as in CQ-7: that
        // time passes only now, every driver thread idle, and once per channel. A close() that waits for a driver
        // thread in a timed wait of its own (a task the handler scheduled 1 ms ahead on the context's scheduler, which
        // runs on the wall clock here) returns once that wait ends: the driver is not idle while such a wait ends
        // within the bound, and the judge waits for it, at most the point timeout (a driver that re-arms short timers
        // for ever is judged as it stands then). Judging at once let a correct close() be a FAIL whenever the judge
        // looked before the timer fired (1 to 15 in 100 runs of zoo review5-timer-timeunit, CQ-4/taken).
        CloseWait.within(w.run(), w.session().pointTimeout())
                .between(() -> {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                    w.trial().settleOrSpin();
                })
                .untilOrThrow(close, end -> {
                    String destroy = w.device().destroyWaits();
                    // a close() that waits for a thread still running when the time was up is not one that waits for
                    // settled threads: the reason says which (DiSNI's CQ thread spinning on a flag close() cleared first)
                    return new InvariantViolation(CLOSE_RETURNS, "close() did not return after " + handler.getName()
                            + (end == CloseWait.End.CANNOT_RETURN ? " was released and every driver thread settled: "
                                    : " was released, within " + w.session().pointTimeout().toMillis()
                                    + " ms, while a driver thread kept running: ")
                            + (destroy == null ? "" : destroy + "; ") + w.run().whereThreadsAre()
                            + (w.device().misuse().isEmpty() ? "" : "; the device saw: "
                            + String.join("; ", w.device().misuse())));
                });
        w.closedByScript();
    }
}
