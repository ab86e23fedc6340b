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
    void aPassWithRunsThatWereNotApplicableSaysWhyTheyWere() {
        WindowResult w = Repetition.aggregate(List.of(run(Outcome.PASS, 1), run(Outcome.NOT_APPLICABLE, 2),
                run(Outcome.PASS, 3)));
        assertEquals(Outcome.PASS, w.outcome());
        assertEquals("flaky over 3 runs: 2 pass, 0 fail, 0 error, 1 not applicable; first NOT_APPLICABLE: "
                + "NOT_APPLICABLE reason", w.reason());
        // folded again (the shards of a sharded run), the reason keeps its outcome and takes the new counts
        WindowResult again = Repetition.fold(w, List.of(Outcome.PASS, Outcome.NOT_APPLICABLE, Outcome.PASS, Outcome.PASS),
                List.of(1L, 2L, 3L, 4L));
        assertEquals("flaky over 4 runs: 3 pass, 0 fail, 0 error, 1 not applicable; first NOT_APPLICABLE: "
                + "NOT_APPLICABLE reason", again.reason());
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
    void theFirstErrorsReasonIsKeptBesideAFailsInTheResultFileAndTheReport() {
        WindowResult error = new WindowResult("CQ-1", "a", "t", "completion-queue", Outcome.ERROR, 1,
                "the driver did not settle <within 5 s>", List.of(), Evidence.none(), "mvn", List.of());
        WindowResult w = Repetition.aggregate(List.of(run(Outcome.PASS, 1), error, run(Outcome.FAIL, 3), run(Outcome.ERROR, 4)));
        assertEquals(Outcome.FAIL, w.outcome());
        assertTrue(w.reason().endsWith("; first FAIL: FAIL reason"), w.reason());
        assertEquals("the driver did not settle <within 5 s>", w.repeat().firstError());
        WindowResult read = io.github.fabrictck.report.ResultJson.windowFromJson(io.github.fabrictck.report.ResultJson.toJson(w));
        assertEquals(w.repeat(), read.repeat());
        assertTrue(io.github.fabrictck.report.HtmlReport.render(result(java.util.Map.of(), w))
                .contains("First ERROR: the driver did not settle &lt;within 5 s&gt;"));
        // an ERROR verdict's reason is already the first ERROR's; a FAIL without ERRORs has none
        assertNull(Repetition.aggregate(List.of(run(Outcome.PASS, 1), run(Outcome.ERROR, 2))).repeat().firstError());
        assertNull(Repetition.aggregate(List.of(run(Outcome.PASS, 1), run(Outcome.FAIL, 2))).repeat().firstError());
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

    private static WindowResult explored(Outcome o, long millis) {
        return new WindowResult("CQ-X", "explore", "t", "completion-queue", o, millis, o == Outcome.PASS ? null
                : o + " reason [schedule 12 of pct, seed 3011]", List.of(), Evidence.none(), "mvn", List.of());
    }

    private static Result result(java.util.Map<String, String> settings, WindowResult... windows) {
        return new Result(Result.SCHEMA, "1", null, null, true, null, List.of(windows),
                new Result.Run(List.of("completion-queue"), List.of("CQ-X"), List.of(), new java.util.TreeMap<>(settings)),
                List.of(), List.of());
    }

    @Test
    void anExplorationThatFailsInOneSeedBlockIsNotCalledFlaky() {
        List<WindowResult> runs = new ArrayList<>();
        for (int k = 1; k <= 10; k++) {
            runs.add(explored(k == 4 ? Outcome.FAIL : Outcome.PASS, k));
        }
        java.util.Map<String, String> settings = java.util.Map.of("fabric-tck.explore", "pct", "fabric-tck.schedules", "1000");
        WindowResult w = Repetition.aggregate(runs, settings);
        assertEquals(Outcome.FAIL, w.outcome());
        assertEquals("FAIL in 1 of 10 seed blocks over 10 runs: 9 pass, 1 fail, 0 error; first FAIL: FAIL reason "
                + "[schedule 12 of pct, seed 3011]", w.reason());
        String table = VerdictTable.render(result(settings, w));
        assertTrue(table.contains("FAIL (1 of 10 seed blocks)") && !table.contains("flaky"), table);
        String html = io.github.fabrictck.report.HtmlReport.render(result(settings, w));
        assertTrue(html.contains(": FAIL in 1 of 10 seed blocks (each run explored its own block of seeds") && !html
                .contains("flaky, the outcome changed"), html);
        // a scripted window whose outcome changes is flaky, in the same run
        WindowResult scripted = Repetition.aggregate(List.of(run(Outcome.PASS, 1), run(Outcome.FAIL, 2)), settings);
        assertTrue(scripted.reason().startsWith("flaky over 2 runs: "), scripted.reason());
        assertTrue(VerdictTable.render(result(settings, scripted)).contains("FAIL (flaky)"));
    }

    @Test
    void anExplorationThatReplaysOneFileEveryRunIsFlakyWhenItsOutcomeChanges() {
        java.util.Map<String, String> replay = java.util.Map.of("fabric-tck.replay", "target/fabric-tck/schedule-CQ-X-explore.txt");
        WindowResult w = Repetition.aggregate(List.of(explored(Outcome.PASS, 1), explored(Outcome.FAIL, 2)), replay);
        assertTrue(w.reason().startsWith("flaky over 2 runs: 1 pass, 1 fail"), w.reason());
        assertTrue(VerdictTable.render(result(replay, w)).contains("FAIL (flaky)"));
    }

    @Test
    void aFoldOfAFoldKeepsOneCountWhicheverTheWording() {
        java.util.Map<String, String> settings = java.util.Map.of("fabric-tck.explore", "pct");
        for (java.util.function.BiFunction<Outcome, Long, WindowResult> runOf
                : List.<java.util.function.BiFunction<Outcome, Long, WindowResult>>of(RepetitionTest::run,
                        RepetitionTest::explored)) {
            WindowResult part = Repetition.aggregate(List.of(runOf.apply(Outcome.ERROR, 1L), runOf.apply(Outcome.PASS, 2L)),
                    settings);
            WindowResult whole = Repetition.fold(part, List.of(Outcome.ERROR, Outcome.PASS, Outcome.PASS, Outcome.PASS),
                    List.of(1L, 2L, 3L, 4L), settings);
            String own = runOf.apply(Outcome.ERROR, 1L).reason();
            assertEquals((part.id().equals("CQ-X") ? "ERROR in 1 of 4 seed blocks" : "flaky") + " over 4 runs: 3 pass, "
                    + "0 fail, 1 error; first ERROR: " + own, whole.reason());
        }
    }
}
