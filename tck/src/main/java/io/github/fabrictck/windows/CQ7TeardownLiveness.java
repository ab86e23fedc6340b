package io.github.fabrictck.windows;

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
        CompletableFuture<Void> close = w.start("close", () -> {
            w.driver().close();
            return null;
        });
        run.opened("close() was called while " + String.join(", ", waiting) + " waited for an event and no completion "
                + "was coming");
        CloseWait wait = CloseWait.within(run, w.session().bound());
        wait.untilOrThrow(close, end -> new InvariantViolation(RETURNS, end == CloseWait.End.CANNOT_RETURN
                ? "close() has not returned and cannot: every driver thread is idle and no timeout of the device is "
                        + "pending, so nothing will wake " + String.join(", ", waiting) + ": " + run.whereThreadsAre()
                : "close() did not return within " + w.session().bound().toMillis() + " ms: " + run.whereThreadsAre()));
        if (wait.timeoutsPassed()) {
            run.trace().add("kit", "close() returned once the timeout of the driver's own wait passed", null);
        }
        w.trial().settleOrSpin();
        w.closedByScript();
        w.judgeRules();
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
