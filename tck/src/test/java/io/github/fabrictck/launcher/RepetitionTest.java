package io.github.fabrictck.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.RepeatStats;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.VerdictTable;
import io.github.fabrictck.report.WindowResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepetitionTest {

    private static WindowResult run(Outcome o, long millis) {
        return new WindowResult("CQ-1", "a", "t", "completion-queue", o, millis, o == Outcome.PASS ? null : o + " reason",
                List.of(), Evidence.none(), "mvn", List.of());
    }

    @Test
    void aSingleRunIsItsOwnVerdict() {
        WindowResult one = run(Outcome.PASS, 5);
        assertSame(one, Repetition.aggregate(List.of(one)));
    }

    @Test
    void anyFailMakesTheVariantFailWithTheTimeToDetectDistribution() {
        List<WindowResult> runs = new ArrayList<>();
        for (long ms = 1; ms <= 19; ms++) {
            runs.add(run(Outcome.FAIL, ms * 10));
        }
        runs.add(run(Outcome.PASS, 3));
        WindowResult w = Repetition.aggregate(runs);
        assertEquals(Outcome.FAIL, w.outcome());
        RepeatStats r = w.repeat();
        assertEquals(new RepeatStats(20, 1, 19, 0, 0, new RepeatStats.Distribution(10, 100, 190, 190)), r);
        assertTrue(w.reason().startsWith("flaky over 20 runs: 1 pass, 19 fail, 0 error; first FAIL: FAIL reason"), w.reason());
    }

    @Test
    void allPassingRunsPassWithoutTimeToDetect() {
        WindowResult w = Repetition.aggregate(List.of(run(Outcome.PASS, 1), run(Outcome.PASS, 2)));
        assertEquals(Outcome.PASS, w.outcome());
        assertNull(w.repeat().timeToDetectMillis());
        assertNull(w.reason());
        assertEquals(2, w.repeat().pass());
    }

    @Test
    void errorsWithoutFailuresAreAnError() {
        WindowResult w = Repetition.aggregate(List.of(run(Outcome.PASS, 1), run(Outcome.ERROR, 2)));
        assertEquals(Outcome.ERROR, w.outcome());
        assertEquals(1, w.repeat().error());
    }

    @Test
    void aVariantNotApplicableInEveryRunIsNotCalledFlaky() {
        WindowResult na = Repetition.aggregate(List.of(run(Outcome.NOT_APPLICABLE, 1), run(Outcome.NOT_APPLICABLE, 2),
                run(Outcome.NOT_APPLICABLE, 3)));
        assertEquals(Outcome.NOT_APPLICABLE, na.outcome());
        assertTrue(!na.repeat().flaky() && na.reason().startsWith("3 runs: 0 pass, 0 fail, 0 error, 3 not applicable; first "
                + "NOT_APPLICABLE: NOT_APPLICABLE reason"), na.reason());
        WindowResult fail = Repetition.aggregate(List.of(run(Outcome.FAIL, 1), run(Outcome.FAIL, 2)));
        assertTrue(!fail.repeat().flaky() && fail.reason().startsWith("2 runs: 0 pass, 2 fail"), fail.reason());
        WindowResult mixed = Repetition.aggregate(List.of(run(Outcome.NOT_APPLICABLE, 1), run(Outcome.PASS, 2)));
        assertTrue(mixed.repeat().flaky(), "NOT_APPLICABLE once and PASS once changed outcome");
        String table = VerdictTable.render(new Result(Result.SCHEMA, "1", null, null, true, null, List.of(na, mixed)));
        assertTrue(table.contains("PASS (flaky)") && !table.contains("NOT_APPLICABLE (flaky)"), table);
    }
}
