package io.github.fabrictck.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A shard alone is never a certification, whatever its verdicts: its reports say to merge the shards. */
class ShardStandingTest {

    private static Result shard(Result whole, int index, int count) {
        Result.Run run = whole.run();
        List<Result.ShardRun> runs = whole.windows().stream()
                .map(w -> new Result.ShardRun(w.label(), 1, w.outcome(), w.durationMillis())).toList();
        Result.Shard s = new Result.Shard(index, count, runs.stream().map(Result.ShardRun::window).toList(), runs);
        return new Result(whole.schema(), whole.tckVersion(), whole.driver(), whole.jvm(), whole.complete(), null,
                whole.windows(), new Result.Run(run.families(), run.selected(), run.excluded(), run.settings(), s));
    }

    @Test
    void aShardThatPassedEverythingIsStillNotACertification() {
        Result whole = Fixtures.certifiable(Map.of());
        assertTrue(Verification.standing(whole, Fixtures.catalog()).certified());
        Result r = shard(whole, 2, 4);
        Verification.Standing s = Verification.standing(r, Fixtures.catalog());
        assertFalse(s.certified());
        assertEquals(List.of("shard 2/4: merge the shards"), s.reasons());
        assertEquals("shard 2/4: merge the shards", s.phrase());
        assertEquals("shard 2/4: merge the shards", s.explained());
        Certificate c = Certificate.of(r, Fixtures.catalog(), List.of(), Map.of(), null, "0".repeat(64));
        assertFalse(c.certified());
        assertEquals("shard 2/4: merge the shards", c.standing());
        assertEquals(new Certificate.Part(2, 4), c.shard());
    }

    @Test
    void verifyOnALoneShardFailsWithTheSentenceThatSaysToMerge() {
        Result r = shard(Fixtures.certifiable(Map.of()), 1, 2);
        List<String> problems = Verification.problems(r, Set.of("CQ-0"));
        assertEquals(List.of("The result is shard 1/2 of a sharded run, which alone certifies nothing: merge the shards "
                + "first (fabric-tck:merge with every shard's output directory in fabric-tck.mergeInputs), then verify "
                + "the merged result."), problems);
    }

    @Test
    void theSummaryAndTheReportSayShardMergeTheShards() {
        Result r = shard(Fixtures.certifiable(Map.of()), 3, 4);
        assertTrue(SummaryMarkdown.render(r, Set.of(), Fixtures.catalog())
                .startsWith("## Fabric TCK: sample 1.0.0: shard 3/4: merge the shards\n"));
        assertTrue(HtmlReport.render(r, Fixtures.catalog()).contains("Fabric TCK report: shard 3/4: merge the shards"));
    }

    @Test
    void theShardFactsGoThroughTheResultFile() {
        Result r = shard(Fixtures.certifiable(Map.of()), 3, 4);
        assertEquals(r, ResultJson.fromJson(ResultJson.toJson(r)));
        assertEquals(r.run().shard(), ResultJson.fromJson(ResultJson.toJson(r)).run().shard());
    }
}
