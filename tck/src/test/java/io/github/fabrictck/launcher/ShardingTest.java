package io.github.fabrictck.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ShardingTest {

    private static final List<String> VARIANTS = List.of("CQ-1/a", "CQ-1/b", "CQ-2", "CQ-3", "HS-1", "HS-2", "CS-1");

    @Test
    void parsesIOfNAndSaysInOneSentenceWhatIsWrong() throws ConfigurationError {
        assertEquals(new Sharding.Part(2, 4), Sharding.parse(" 2 / 4 "));
        assertEquals(new Sharding.Part(2, 2), Sharding.parse("2/2"));
        assertEquals("fabric-tck.shard=1/1 splits the run into one part: a sharded run needs n ≥ 2 (for example 1/2); "
                + "run without fabric-tck.shard for the whole run.", Sharding.problem("1/1"));
        assertNull(Sharding.parse(""));
        assertNull(Sharding.parse(null));
        assertEquals("fabric-tck.shard=5/4 is outside its range: i/n needs 1 ≤ i ≤ n (for example 1/4 to 4/4).",
                Sharding.problem("5/4"));
        assertEquals("fabric-tck.shard=0/4 is outside its range: i/n needs 1 ≤ i ≤ n (for example 1/4 to 4/4).",
                Sharding.problem("0/4"));
        assertEquals("fabric-tck.shard=0/0 is outside its range: i/n needs 1 ≤ i ≤ n (for example 1/4 to 4/4).",
                Sharding.problem("0/0"));
        assertEquals("fabric-tck.shard=two is not a shard: give i/n, the i-th of n parts, for example 2/4.",
                Sharding.problem("two"));
        assertEquals("fabric-tck.shard=-1/4 is not a shard: give i/n, the i-th of n parts, for example 2/4.",
                Sharding.problem("-1/4"));
        ConfigurationError e = assertThrows(ConfigurationError.class, () -> Sharding.parse("3"));
        assertEquals("fabric-tck.shard=3 is not a shard: give i/n, the i-th of n parts, for example 2/4.", e.getMessage());
    }

    @Test
    void thePartsAreDisjointCoverTheRunAndDifferByOneUnitAtMost() {
        for (int repeat : new int[] {1, 2, 3, 5}) {
            for (int n = 1; n <= 9; n++) {
                List<Sharding.Unit> all = Sharding.units(VARIANTS, repeat);
                Set<Sharding.Unit> seen = new HashSet<>();
                int least = Integer.MAX_VALUE;
                int most = 0;
                for (int i = 1; i <= n; i++) {
                    List<Sharding.Unit> part = Sharding.assigned(new Sharding.Part(i, n), VARIANTS, repeat);
                    for (Sharding.Unit u : part) {
                        assertTrue(seen.add(u), u + " in two parts of " + n);
                    }
                    least = Math.min(least, part.size());
                    most = Math.max(most, part.size());
                }
                assertEquals(new HashSet<>(all), seen, "the " + n + " parts cover the run");
                assertTrue(most - least <= 1, "balanced: " + least + " to " + most);
            }
        }
    }

    @Test
    void roundRobinSpreadsRepetitionsAndFamiliesOverTheShards() {
        assertEquals(List.of(new Sharding.Unit("CQ-1/a", 1), new Sharding.Unit("CQ-3", 1), new Sharding.Unit("CS-1", 1)),
                Sharding.assigned(new Sharding.Part(1, 3), VARIANTS, 1));
        // with repeat 4 over 4 shards, every shard runs every variant once
        for (int i = 1; i <= 4; i++) {
            List<Sharding.Unit> part = Sharding.assigned(new Sharding.Part(i, 4), VARIANTS, 4);
            assertEquals(VARIANTS, part.stream().map(Sharding.Unit::window).toList());
        }
        assertEquals(Sharding.units(VARIANTS, 2), Sharding.assigned(null, VARIANTS, 2));
    }

    @Test
    void theDeterministicSplitIsDocumentedUnitKToShardKModNPlusOne() {
        List<Sharding.Unit> all = Sharding.units(List.of("A", "B"), 3);
        assertEquals(List.of(new Sharding.Unit("A", 1), new Sharding.Unit("A", 2), new Sharding.Unit("A", 3),
                new Sharding.Unit("B", 1), new Sharding.Unit("B", 2), new Sharding.Unit("B", 3)), all);
        assertEquals(List.of(all.get(1), all.get(3), all.get(5)),
                Sharding.assigned(new Sharding.Part(2, 2), List.of("A", "B"), 3));
    }

    @Test
    void aPlanGetsItsOutcomesInTheOrderTheVerdictsArrive() {
        Result.Shard plan = Sharding.plan(new Sharding.Part(1, 2), List.of("A", "B"), 3);
        // units A1 A3 B2 run round by round: A1, B2, A3
        assertEquals(List.of("A 1", "B 2", "A 3"),
                plan.runs().stream().map(r -> r.window() + " " + r.repetition()).toList());
        Result.Run run = new Result.Run(List.of("completion-queue"), List.of("A", "B"), List.of(), new TreeMap<>(), plan);
        Map<String, List<WindowResult>> verdicts = new LinkedHashMap<>();
        verdicts.put("A", new ArrayList<>(List.of(verdict("A", Outcome.PASS, 4))));
        verdicts.put("B", new ArrayList<>(List.of(verdict("B", Outcome.FAIL, 9))));
        Result.Shard partly = Sharding.withOutcomes(run, verdicts).shard();
        assertEquals(new Result.ShardRun("A", 1, Outcome.PASS, 4), partly.runs().get(0));
        assertEquals(new Result.ShardRun("B", 2, Outcome.FAIL, 9), partly.runs().get(1));
        assertEquals(new Result.ShardRun("A", 3, null, 0), partly.runs().get(2));
    }

    @Test
    void foldingTheFoldsOfTheShardsGivesTheVerdictOfTheWholeRun() {
        // the merge parses a shard's fold whichever its wording: flaky (a scripted window) or seed blocks (an exploration)
        foldsOfTheShards("CQ-1/a", "flaky over 8 runs: ");
        foldsOfTheShards("CQ-X/explore", "FAIL in 3 of 8 seed blocks over 8 runs: ");
    }

    private static void foldsOfTheShards(String label, String wording) {
        Map<String, String> settings = Map.of("fabric-tck.explore", "pct");
        List<WindowResult> runs = new ArrayList<>();
        Outcome[] outcomes = {Outcome.PASS, Outcome.PASS, Outcome.FAIL, Outcome.PASS, Outcome.FAIL, Outcome.ERROR,
            Outcome.PASS, Outcome.FAIL};
        for (int r = 0; r < outcomes.length; r++) {
            runs.add(verdict(label, outcomes[r], 10 + r));
        }
        WindowResult whole = Repetition.aggregate(runs, settings);
        assertEquals(wording + "4 pass, 3 fail, 1 error; first FAIL: FAIL at 12", whole.reason());
        // the ERROR's reason is not lost beside the FAIL's
        assertEquals("ERROR at 15", whole.repeat().firstError());
        for (int n = 2; n <= 5; n++) {
            List<Outcome> all = new ArrayList<>();
            List<Long> millis = new ArrayList<>();
            WindowResult details = null;
            String firstError = null;
            Outcome verdict = Repetition.outcome(List.of(outcomes));
            for (int r = 0; r < outcomes.length; r++) {
                all.add(outcomes[r]);
                millis.add(10L + r);
                if (details == null && outcomes[r] == verdict) {
                    // the shard holding the first run with the verdict's outcome kept it, folded with its own runs
                    details = shardFold(runs, r % n, n, settings);
                }
                if (firstError == null && outcomes[r] == Outcome.ERROR) {
                    // and the shard holding the first ERROR kept its reason, whatever that shard's verdict
                    firstError = Repetition.errorReason(shardFold(runs, r % n, n, settings));
                }
            }
            assertEquals(whole, Repetition.fold(details, all, millis, settings, firstError), "merged from " + n + " shards");
        }
    }

    /** What shard {@code shard} of {@code n} holds of the runs, folded as its fork folds them. */
    private static WindowResult shardFold(List<WindowResult> runs, int shard, int n, Map<String, String> settings) {
        List<WindowResult> own = new ArrayList<>();
        for (int k = shard; k < runs.size(); k += n) {
            own.add(runs.get(k));
        }
        return Repetition.aggregate(own, settings);
    }

    private static WindowResult verdict(String label, Outcome o, long millis) {
        String[] idVariant = label.split("/");
        return new WindowResult(idVariant[0], idVariant.length > 1 ? idVariant[1] : null, "t", "completion-queue", o,
                millis, o == Outcome.PASS ? null : o + " at " + millis, List.of(), Evidence.none(), "mvn", List.of());
    }
}
