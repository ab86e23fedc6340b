package io.github.fabrictck.launcher;

import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * Turns how a window's test ended into a verdict. Plain Java: the rules of fail-closed judging live
 * here, where tests reach them without an agent.
 */
public final class Verdicts {

    private Verdicts() {
    }

    /**
     * A verdict before the result file's other fields are added.
     *
     * @param outcome  the outcome
     * @param reason   why, or {@code null} for a PASS
     * @param violated the invariants broken
     */
    public record Verdict(Outcome outcome, String reason, List<String> violated) {
    }

    /** A test that ended without an exception: PASS only with evidence that the window opened. */
    public static Verdict succeeded(Evidence evidence) {
        if (evidence.windowOpened()) {
            return new Verdict(Outcome.PASS, null, List.of());
        }
        return new Verdict(Outcome.ERROR, "the window's invariants held but there is no evidence that the window "
                + "was opened (no hold caught the injected event), so this is not a pass", List.of());
    }

    /** A test the kit aborted: the family is not implemented. */
    public static Verdict aborted(Throwable reason) {
        String message = reason == null ? "not applicable" : reason.getMessage();
        String prefix = "Assumption failed: ";
        if (message != null && message.startsWith(prefix)) {
            message = message.substring(prefix.length());
        }
        return new Verdict(Outcome.NOT_APPLICABLE, message, List.of());
    }

    /**
     * A test that threw: an invariant violation is a FAIL (with the holds that forced the window);
     * anything else means the kit could not judge, an ERROR that says why.
     *
     * @param thrown the exception
     * @param holds  the holds of the window, in words
     */
    public static Verdict failed(Throwable thrown, List<String> holds) {
        if (thrown instanceof InvariantViolation v) {
            String window = holds.isEmpty() ? "" : " [window: " + String.join("; ", holds) + "]";
            return new Verdict(Outcome.FAIL, v.getMessage() + window, List.of(v.invariant()));
        }
        if (thrown instanceof WindowNotOpened) {
            return new Verdict(Outcome.ERROR, thrown.getMessage(), List.of());
        }
        if (thrown instanceof TimeoutException) {
            return new Verdict(Outcome.ERROR, "timed out: " + thrown.getMessage(), List.of());
        }
        StackTraceElement where = thrown.getStackTrace().length > 0 ? thrown.getStackTrace()[0] : null;
        return new Verdict(Outcome.ERROR, "the window could not be judged: " + thrown
                + (where == null ? "" : " at " + where), List.of());
    }
}
