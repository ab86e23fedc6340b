package io.github.fabrictck.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

class VerdictsTest {

    private static final Evidence OPENED = new Evidence(true, List.of(), 10, 3);
    private static final Evidence NOT_OPENED = new Evidence(false, List.of(), 10, 3);

    @Test
    void aPassNeedsEvidenceThatTheWindowOpened() {
        assertEquals(Outcome.PASS, Verdicts.succeeded(OPENED).outcome());
        Verdicts.Verdict v = Verdicts.succeeded(NOT_OPENED);
        assertEquals(Outcome.ERROR, v.outcome());
        assertTrue(v.reason().contains("no evidence"), v.reason());
    }

    @Test
    void aViolatedInvariantIsAFailThatNamesItAndTheHolds() {
        Verdicts.Verdict v = Verdicts.failed(new InvariantViolation("every completion is consumed", "1 waits"),
                List.of("device-interrupt held at call CompletionQueue.requestNotify in X.handle(X.java:30)"), null);
        assertEquals(Outcome.FAIL, v.outcome());
        assertEquals(List.of("every completion is consumed"), v.violated());
        assertTrue(v.reason().startsWith("every completion is consumed: 1 waits"), v.reason());
        assertTrue(v.reason().contains("X.handle(X.java:30)"), v.reason());
    }

    @Test
    void aWindowThatCouldNotBeForcedOrAnyOtherExceptionIsAnError() {
        assertEquals(Outcome.ERROR, Verdicts.failed(new WindowNotOpened("the point was never reached"), List.of(), null).outcome());
        Verdicts.Verdict v = Verdicts.failed(new NullPointerException("boom"), List.of(), null);
        assertEquals(Outcome.ERROR, v.outcome());
        assertTrue(v.reason().contains("NullPointerException"), v.reason());
    }

    @Test
    void anAbortedWindowIsNotApplicableWithItsReason() {
        Verdicts.Verdict v = Verdicts.aborted(new TestAbortedException("Assumption failed: driver x does not implement it"));
        assertEquals(Outcome.NOT_APPLICABLE, v.outcome());
        assertEquals("driver x does not implement it", v.reason());
    }
}
