package io.github.fabrictck.launcher;

import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.Site;
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

    /** The kit cannot accept the window's verdict (the driver tried to end the JVM, ...): ERROR, whatever happened. */
    public static Verdict kitError(String why) {
        return new Verdict(Outcome.ERROR, why, List.of());
    }

    /**
     * A test that threw: an invariant violation is a FAIL (with the holds that forced the window);
     * anything else means the kit could not judge, an ERROR that says why and where the driver's
     * threads were.
     *
     * @param thrown the exception
     * @param holds  the holds of the window, in words
     * @param where  where the driver threads were when the window ended
     */
    public static Verdict failed(Throwable thrown, List<String> holds, String where) {
        if (thrown instanceof InvariantViolation v) {
            String window = holds.isEmpty() ? "" : " [window: " + String.join("; ", holds) + "]";
            return new Verdict(Outcome.FAIL, v.getMessage() + window, List.of(v.invariant()));
        }
        String threads = where == null || where.isBlank() ? "" : "; driver threads: " + where;
        if (thrown instanceof WindowNotOpened) {
            return new Verdict(Outcome.ERROR, thrown.getMessage() + threads, List.of());
        }
        if (thrown instanceof TimeoutException) {
            String message = String.valueOf(thrown.getMessage());
            int after = message.indexOf("timed out after ");
            return new Verdict(Outcome.ERROR, (after < 0 ? "timed out" : message.substring(after)) + threads, List.of());
        }
        String top = thrown.getStackTrace().length > 0 ? Site.format(thrown.getStackTrace()[0]) : null;
        return new Verdict(Outcome.ERROR, "the window could not be judged: " + thrown
                + (top == null ? "" : " at " + top) + threads, List.of());
    }
}
