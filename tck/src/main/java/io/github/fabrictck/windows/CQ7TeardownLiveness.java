package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hit;
import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.spi.Family;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CQ-7 teardown liveness.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>A wait the driver gave a timeout on the device ({@code getCqEvent(1000)}) runs on the device's
 * time, which passes when every driver thread is idle: a {@code close()} that returns once its thread's
 * own timeout ran out is live. A driver whose events reach it only on the device's interrupt thread
 * (a completion handler) has no thread of its own to stop; the thread that waits for events is then
 * the device's, and {@code close()} must return all the same (a {@code close()} that waits for the
 * handler to see one more event hangs there).
 *
 * <p>Then, on a fresh endpoint each, {@code close()} while a thread of the driver's own is held at each point it
 * passed after a completion (once the application's wait returned), the thread released: a thread on its way back to
 * its wait must still see that close() told it to stop ({@link #closeOnTheWay}).
 */
@Tag("CQ-7")
@RaceWindow(id = "CQ-7", title = "teardown liveness", family = Family.COMPLETION_QUEUE,
        source = "https://github.com/zrlio/disni/blob/master/src/main/java/com/ibm/disni/RdmaCqProcessor.java",
        bug = "DiSNI RdmaCqProcessor.close() sets a non-volatile running flag and joins the CQ thread blocked in "
                + "getCqEvent, which nothing wakes: close() returns only when the wait's timeout passes, never with a "
                + "timeout of -1 unless some completion arrives.",
        interleaving = {
            "one send completes; the driver handles it and its thread goes back to wait for the next event",
            "no completion is coming: every driver thread is idle, one of the driver's own waiting for an event",
            "the application calls close()",
            "close() tells the thread to stop with a flag and joins it; the thread waits for an event that never comes"},
        invariants = {CQ7TeardownLiveness.RETURNS, CqWindow.RULES},
        onFailure = "Check how close() stops the thread that waits for events: wake it (a stop marker in its queue, an "
                + "interrupt, or a teardown order that makes its wait return) before joining it, or give the wait a "
                + "timeout and re-check a volatile flag.")
class CQ7TeardownLiveness {

    static final String RETURNS = "close() returns within a bound while a driver thread waits for an event that never "
            + "comes";

    @Test
    void closeWhileWaitingForEvents(CqWindow w) {
        w.send(1);
        w.device().completeNextSend();
        w.judgeReturns(CQ1LostFinalCompletion.AWAIT_RETURNS, w.startAwaitSendsComplete(), true);
        w.trial().settleOrSpin();
        List<String> driversOwn = waitingForEvents(w);
        // the driver's events reach it on the device's interrupt thread when none of its own waits: that one waits
        List<String> waiting = !driversOwn.isEmpty() ? driversOwn : List.of(w.interruptThread().getName()
                + " (the device's interrupt thread, which calls the completion handler)");
        WindowRun run = w.run();
        CompletableFuture<Void> close = w.startClose();
        run.opened("close() was called while " + String.join(", ", waiting) + " waited for an event and no completion "
                + "was coming");
        CloseWait wait = CloseWait.within(run, w.session().bound());
        wait.untilOrThrow(close, end -> notReturned(w, end, ", so nothing will wake " + String.join(", ", waiting), ""));
        if (wait.timeoutsPassed()) {
            run.trace().add("kit", "close() returned once the timeout of the driver's own wait passed", null);
        }
        w.trial().settleOrSpin();
        w.closedByScript();
        w.judgeRules();
        closeOnTheWay(w);
    }

    /**
     * Then close() while a thread of the driver's own (neither the application's nor the device's interrupt thread) is
     * held at each point it passed after the completion, once the application's wait returned: on its way back to its
     * wait for events, it must still see that close() told it to stop (an unseen vendor's moderated poller ate close()'s
     * semaphore permit with the {@code drainPermits()} of its switch to interrupt mode and then blocked for good: the
     * scripted close of an idle driver passed it, only CQ-X found it). A placement reached before the application's wait
     * returned is let go and judged without a close in it. The first trial's evidence stays unless a trial fails.
     */
    private static void closeOnTheWay(CqWindow w) {
        WindowRun run = w.run();
        w.newTrial();
        String app = run.role(w.appThread());
        String interrupt = run.role(w.interruptThread());
        List<Hit> hits;
        // the trial's endpoint has settled (CqTrial): a poller that spins before it waits has reached its wait, so the
        // points recorded, and their occurrences, are those after the completion in every run
        run.startRecording();
        try {
            w.send(1);
            w.device().completeNextSend();
            w.judgeReturns(CQ1LostFinalCompletion.AWAIT_RETURNS, w.startAwaitSendsComplete(), true);
            w.trial().settleOrSpin();
        } finally {
            hits = run.stopRecording();
        }
        List<Hit> placements = CqSearch.placements(hits, t -> !t.equals(app) && !t.equals(interrupt));
        if (placements.isEmpty()) {
            return; // no thread of its own: the device's interrupt thread is the one that waits, as judged above
        }
        FirstOpened before = new FirstOpened();
        before.record(run, run.openedHow());
        int closed = 0;
        String first = null;
        for (Hit p : placements) {
            run.trace().restart();
            run.restartHoldRecords();
            w.newTrial();
            run.trace().add("kit", "trial: close() while " + p.describe() + " is held", null);
            Hold held = w.hold(p.describe(), p.again());
            w.send(1);
            w.trial().settleOrSpin();
            if (w.device().sendsWaiting() == 0) {
                // held before the send was posted (an actor thread that posts the application's sends): not on its way
                // back to wait, let go; the send it then posts completes and is judged as any
                run.forget(held);
                w.trial().settleOrSpin();
            }
            w.device().completeNextSend();
            CompletableFuture<Boolean> await = w.startAwaitSendsComplete();
            boolean reached = w.trial().reachedOrSettled(held);
            if (reached) {
                w.trial().settleOrSpin(); // the application's wait returns now if it can without the held thread
            }
            if (!reached || !await.isDone()) {
                run.forget(held);
                w.judgeReturns(CQ1LostFinalCompletion.AWAIT_RETURNS, await, true);
                w.trial().settleOrSpin();
                continue;
            }
            w.judgeReturns(CQ1LostFinalCompletion.AWAIT_RETURNS, await, true);
            CompletableFuture<Void> close = w.startClose();
            w.trial().settleOrSpin();
            String how = "close() was called while " + held.thread().getName() + " was held at " + p.describe()
                    + ", on its way back to wait after the application's wait returned";
            held.release();
            w.trial().settleOrSpin();
            String after = ", after " + how + " and then released";
            CloseWait.within(run, w.session().bound()).untilOrThrow(close, end -> {
                run.opened(how);
                return notReturned(w, end, after, after);
            });
            w.trial().settleOrSpin();
            w.closedByScript();
            w.judgeRules();
            closed++;
            first = first == null ? how : first;
        }
        before.restore(run);
        if (closed > 0) {
            run.opened(before.how() + "; and close() returned in each of " + closed + " of " + placements.size()
                    + " trials that called it while a thread of the driver's own was held on its way back to wait "
                    + "(first: " + first + ")");
        }
    }

    /**
     * The FAIL of a close() that did not return: it cannot (every driver thread idle, no timeout of the device pending)
     * or did not within the bound, each with what the caller adds, then where the driver's threads are.
     */
    private static InvariantViolation notReturned(CqWindow w, CloseWait.End end, String cannot, String outOfTime) {
        return new InvariantViolation(RETURNS, (end == CloseWait.End.CANNOT_RETURN
                ? "close() has not returned and cannot: every driver thread is idle and no timeout of the device is "
                + "pending" + cannot
                : "close() did not return within " + w.session().bound().toMillis() + " ms" + outOfTime) + ": "
                + w.run().whereThreadsAre());
    }

    /** The driver's own threads blocked or waiting now: neither the application nor the device's interrupt thread. */
    private static List<String> waitingForEvents(CqWindow w) {
        List<String> waiting = new ArrayList<>();
        for (Thread t : w.run().threads()) {
            if (t == w.appThread() || t == w.interruptThread() || !t.isAlive()) {
                continue;
            }
            Thread.State s = t.getState();
            if (s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING) {
                String role = w.run().role(t);
                String at = io.github.fabrictck.engine.Site.inDriver(t, 2);
                waiting.add(t.getName() + (role.equals(t.getName()) ? "" : " (" + role + ")")
                        + (at == null ? "" : ", waiting in " + at));
            }
        }
        return waiting;
    }
}
