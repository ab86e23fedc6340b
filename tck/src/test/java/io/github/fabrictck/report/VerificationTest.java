package io.github.fabrictck.report;

import static io.github.fabrictck.report.Fixtures.result;
import static io.github.fabrictck.report.Fixtures.window;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class VerificationTest {

    private static final String REPRODUCE = " — reproduce: mvn fabric-tck:run -Dfabric-tck.windows=";

    @Test
    void passAndNotApplicableCertify() {
        Result r = result(true, window("CQ-1", "a", Outcome.PASS, null), window("CQ-1", "b", Outcome.PASS, null),
                window("CS-1", null, Outcome.NOT_APPLICABLE, "not implemented"));
        assertEquals(List.of(), Verification.problems(r, Set.of()));
        assertEquals("Fabric TCK: sample 1.0.0 passed 2 of the selected windows — not a certification (the result "
                        + "does not say which families the driver declares or which windows ran; the catalog is not known).",
                Verification.certified(r, Set.of(), Verification.standing(r, Map.of())));
        Result whole = Fixtures.certifiable(Map.of("fabric-tck.windowTimeout", "60"));
        assertEquals("Fabric TCK: sample 1.0.0 certified: 3 windows passed, 2 not applicable.",
                Verification.certified(whole, Set.of(), Verification.standing(whole, Fixtures.catalog())));
    }

    @Test
    void aResultThatBreaksTheRulesItsVerdictsAreMadeByContradictsItself() {
        WindowResult pass = window("CQ-1", "a", Outcome.PASS, null);
        WindowResult fail = window("CQ-1", "b", Outcome.FAIL, "lost");
        assertEquals(List.of(), Verification.contradictions(result(true, pass, fail)));
        // a FAIL edited into a PASS, its invariant kept; a FAIL that names none; repeat counts that do not add up
        WindowResult forged = new WindowResult("CQ-1", "b", "t", "completion-queue", Outcome.PASS, 1, null,
                fail.violated(), fail.evidence(), "mvn", List.of());
        WindowResult bare = new WindowResult("CQ-2", null, "t", "completion-queue", Outcome.FAIL, 1, "lost", List.of(),
                Evidence.none(), "mvn", List.of());
        WindowResult counted = new WindowResult("CQ-3", null, "t", "completion-queue", Outcome.PASS, 1, null, List.of(),
                pass.evidence(), "mvn", null, new RepeatStats(5, 4, 0, 0, 0, null), List.of());
        WindowResult folded = new WindowResult("CQ-4", null, "t", "completion-queue", Outcome.PASS, 1, null, List.of(),
                pass.evidence(), "mvn", null, new RepeatStats(5, 4, 1, 0, 0, null), List.of());
        assertEquals(List.of("CQ-1/b is a PASS that broke every completion is delivered",
                        "CQ-2 is a FAIL that names no broken invariant",
                        "CQ-3's counts (4 pass, 0 fail, 0 error, 0 not applicable) do not add up to its 5 runs",
                        "CQ-4 is PASS but its runs (4 pass, 1 fail, 0 error, 0 not applicable) make it FAIL"),
                Verification.contradictions(result(true, forged, bare, counted, folded)));
        assertTrue(Verification.problems(result(true, forged), Set.of())
                .contains("The result contradicts itself: CQ-1/b is a PASS that broke every completion is delivered."));
    }

    @Test
    void everyFailureAndErrorIsAProblemWithItsReproduceCommand() {
        Result r = result(true,
                window("CQ-1", "a", Outcome.PASS, null),
                window("CQ-1", "b", Outcome.FAIL, "a completion was queued that no event announced\ntrace follows"),
                window("HS-2", null, Outcome.ERROR, null));
        assertEquals(List.of(
                "CQ-1/b FAIL: a completion was queued that no event announced" + REPRODUCE + "CQ-1/b",
                "HS-2 ERROR: (no reason given)" + REPRODUCE + "HS-2"), Verification.problems(r, Set.of()));
    }

    @Test
    void incompleteRunIsAProblemNamingTheLastWindowStarted() {
        Result r = result(false, window("CQ-1", null, Outcome.PASS, null), window("CQ-2", "a", Outcome.PASS, null));
        assertEquals(List.of("The run did not finish; the last window started was CQ-2/a (the fork timed out, crashed "
                        + "or was exited by the driver, or Maven's process could not write its reports; see the log of the "
                        + "fabric-tck:run goal)."),
                Verification.problems(r, Set.of()));
        assertEquals(List.of("The run did not finish; no window started (see the log of the fabric-tck:run goal)."),
                Verification.problems(result(false), Set.of()));
    }

    @Test
    void completeRunWithoutWindowsCertifiesNothing() {
        assertEquals(List.of("The run judged no window at all."), Verification.problems(result(true), Set.of()));
    }

    @Test
    void expectedFailureThatFailedCertifies() {
        Result r = result(true, window("CQ-1", "a", Outcome.PASS, null), window("CQ-1", "b", Outcome.FAIL, "lost"),
                window("CQ-2", null, Outcome.PASS, null));
        assertEquals(List.of(), Verification.problems(r, Set.of("CQ-1")));
        assertEquals("Fabric TCK: sample 1.0.0 failed as expected (CQ-1 FAILED); otherwise passed 2 of the selected "
                        + "windows — not a certification (the result does not say which families the driver declares or "
                        + "which windows ran; not every verdict is PASS or NOT_APPLICABLE with a reason (CQ-1/b FAIL)).",
                Verification.certified(r, Set.of("CQ-1"), Verification.standing(r, Fixtures.catalog())));
    }

    @Test
    void expectedFailureThatPassedIsAProblem() {
        Result r = result(true, window("CQ-1", null, Outcome.PASS, null));
        assertEquals(List.of("CQ-1 was expected to FAIL but was PASS" + REPRODUCE + "CQ-1"),
                Verification.problems(r, Set.of("CQ-1")));
    }

    @Test
    void expectedFailureWithAnErrorVariantIsAProblemEvenIfAnotherFailed() {
        Result r = result(true, window("CQ-1", "a", Outcome.FAIL, "lost"),
                window("CQ-1", "b", Outcome.ERROR, "the hold was never reached"));
        assertEquals(List.of("CQ-1 was expected to FAIL but was CQ-1/a FAIL, CQ-1/b ERROR: the hold was never reached"
                + REPRODUCE + "CQ-1/b"), Verification.problems(r, Set.of("CQ-1")));
    }

    @Test
    void expectedFailureThatWasNotApplicableIsAProblem() {
        Result r = result(true, window("CS-1", "a", Outcome.NOT_APPLICABLE, "n/a"),
                window("CS-1", "b", Outcome.NOT_APPLICABLE, "n/a"));
        assertEquals(List.of("CS-1 was expected to FAIL but was CS-1/a NOT_APPLICABLE, CS-1/b NOT_APPLICABLE"
                + REPRODUCE + "CS-1/a"), Verification.problems(r, Set.of("CS-1")));
    }

    @Test
    void aVariantsIdExpectsAFailOfThatVariantAlone() {
        Result r = result(true, window("EL-2", "loop-held", Outcome.PASS, null),
                window("EL-2", "waker-held", Outcome.FAIL, "lost"));
        assertEquals(List.of(), Verification.problems(r, Set.of("EL-2/waker-held")));
        assertEquals(List.of("EL-2/loop-held was expected to FAIL but was PASS" + REPRODUCE + "EL-2/loop-held",
                "EL-2/waker-held FAIL: lost" + REPRODUCE + "EL-2/waker-held"), Verification.problems(r,
                Set.of("EL-2/loop-held")).stream().sorted().toList());
    }

    @Test
    void expectedFailureMissingFromTheResultIsAProblem() {
        Result r = result(true, window("CQ-1", null, Outcome.PASS, null), window("CQ-2", null, Outcome.FAIL, "x"));
        assertEquals(List.of("CQ-0 was expected to FAIL but is not in the result; check the id in fabric-tck.expectFail "
                + "(the result has CQ-1, CQ-2)."), Verification.problems(r, Set.of("CQ-2", "CQ-0")));
    }

    @Test
    void everyProblemIsListedNotJustTheFirst() {
        Result r = result(false, window("CQ-1", null, Outcome.FAIL, "lost"), window("CQ-2", null, Outcome.PASS, null));
        List<String> problems = Verification.problems(r, Set.of("CQ-2", "HS-1"));
        List<String> starts = List.of("The run did not finish", "CQ-1 FAIL: lost", "CQ-2 was expected to FAIL but was PASS",
                "HS-1 was expected to FAIL but is not in the result");
        assertEquals(starts.size(), problems.size(), String.join("\n", problems));
        for (int i = 0; i < starts.size(); i++) {
            assertTrue(problems.get(i).startsWith(starts.get(i)), problems.get(i));
        }
    }

    @Test
    void theWholeCatalogOfTheDeclaredFamiliesUnderDefaultSettingsCertifies() {
        Verification.Standing s = Verification.standing(Fixtures.certifiable(Map.of()), Fixtures.catalog());
        assertEquals(new Verification.Standing(true, 3, 2, List.of()), s);
        assertEquals("certified", s.phrase());
        // settings that only make the search harder still certify
        assertTrue(Verification.standing(Fixtures.certifiable(Map.of("fabric-tck.phaseStep", "5", "fabric-tck.peers", "16",
                "fabric-tck.setupBound", "5", "fabric-tck.pointTimeout", "10")), Fixtures.catalog()).certified());
    }

    @Test
    void aPartialSelectionPassesItsWindowsButIsNotACertification() {
        Result quick = Fixtures.withRun(result(true, window("CQ-1", "a", Outcome.PASS, null),
                window("CQ-1", "b", Outcome.PASS, null)), List.of("completion-queue"), List.of("CQ-1"), List.of(), Map.of());
        Verification.Standing s = Verification.standing(quick, Fixtures.catalog());
        assertEquals("passed 2 of the selected windows — not a certification", s.phrase());
        assertEquals(List.of("the selection leaves out CQ-2 of the declared family completion-queue"), s.reasons());

        Result excluded = Fixtures.withRun(result(true, window("CQ-2", null, Outcome.PASS, null)),
                List.of("completion-queue"), List.of("CQ-2"), List.of("CQ-1", "CS"), Map.of());
        assertEquals(List.of("the selection leaves out CQ-1 of the declared family completion-queue (excluded: CQ-1, CS)"),
                Verification.standing(excluded, Fixtures.catalog()).reasons());
    }

    @Test
    void aDriverDeclaringNoFamilyIsNotACertification() {
        Result none = Fixtures.withRun(result(true, window("CQ-1", "a", Outcome.NOT_APPLICABLE, "not declared"),
                        window("CQ-1", "b", Outcome.NOT_APPLICABLE, "not declared")), List.of(), List.of("CQ-1"), List.of(),
                Map.of());
        Verification.Standing s = Verification.standing(none, Fixtures.catalog());
        assertEquals(List.of("the driver declares no family"), s.reasons());
        assertEquals("passed 0 of the selected windows — not a certification", s.phrase());
    }

    @Test
    void aDeclaredFamilyItsWindowsFoundNotImplementedIsNotACertification() {
        String notImplemented = "driver fickle does not implement the completion-queue family (Driver.families())";
        Result fickle = Fixtures.withRun(result(true, window("CQ-1", "a", Outcome.NOT_APPLICABLE, notImplemented),
                        window("CQ-1", "b", Outcome.NOT_APPLICABLE, notImplemented), window("CQ-2", null, Outcome.NOT_APPLICABLE,
                        notImplemented)), List.of("completion-queue"), List.of("CQ-1", "CQ-2"), List.of(), Map.of());
        assertEquals(List.of("the driver declares the completion-queue family but its windows found it not implemented "
                + "(CQ-1/a, CQ-1/b, CQ-2): Driver.families() answered differently"),
                Verification.standing(fickle, Fixtures.catalog()).reasons());
    }

    @Test
    void settingsThatWeakenTheSearchAreNotACertification() {
        Verification.Standing s = Verification.standing(Fixtures.certifiable(Map.of("fabric-tck.phaseStep", "300",
                "fabric-tck.peers", "2", "fabric-tck.helloRounds", "100")), Fixtures.catalog());
        assertEquals(List.of(
                "fabric-tck.helloRounds=100 does not certify (25 or fewer certify: a larger bound lets a slower convergence pass)",
                "fabric-tck.peers=2 does not certify (8 or more certify: fewer peers make fewer crossing hellos)",
                "fabric-tck.phaseStep=300 does not certify (only 1, 2, 5 or 10 certify: a step that divides the default "
                        + "10 tries every phase the default tries)"), s.reasons());
    }

    @Test
    void aFailureAnIncompleteRunOrAReasonlessNotApplicableIsNotACertification() {
        Result r = Fixtures.withRun(result(false, window("CQ-1", "a", Outcome.PASS, null),
                        window("CQ-1", "b", Outcome.FAIL, "lost"), window("CQ-2", null, Outcome.NOT_APPLICABLE, " ")),
                List.of("completion-queue"), List.of("CQ-1", "CQ-2"), List.of(), Map.of());
        assertEquals(List.of("the run did not finish", "not every verdict is PASS or NOT_APPLICABLE with a reason "
                + "(CQ-1/b FAIL, CQ-2 NOT_APPLICABLE without a reason)"),
                Verification.standing(r, Fixtures.catalog()).reasons());
        Result missing = Fixtures.withRun(result(true, window("CQ-1", "a", Outcome.PASS, null),
                window("CQ-2", null, Outcome.PASS, null)), List.of("completion-queue"), List.of("CQ-1", "CQ-2"),
                List.of(), Map.of());
        assertEquals(List.of("no verdict for CQ-1/b"), Verification.standing(missing, Fixtures.catalog()).reasons());
    }
}
