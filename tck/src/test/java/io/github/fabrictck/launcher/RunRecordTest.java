package io.github.fabrictck.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.TraceEvent;
import io.github.fabrictck.report.WindowResult;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The messages of the channel from the fork, and what Maven's process makes of them. */
class RunRecordTest {

    private static final Result HEADER = new Result(Result.SCHEMA, "1.0", new Result.DriverInfo("d", "2"),
            new Result.JvmInfo("17", "v"), false, null, List.of(),
            new Result.Run(List.of("CQ"), List.of("CQ-1"), List.of("CQ-4"),
                    new TreeMap<>(java.util.Map.of("fabric-tck.peers", "8"))));

    private static WindowResult verdict(String variant, Outcome o, String dump) {
        return new WindowResult("CQ-1", variant, "lost final completion", "completion-queue", o, 12,
                o == Outcome.PASS ? null : "why\nover two lines", o == Outcome.FAIL ? List.of("inv") : List.of(),
                new Evidence(true, List.of(new Evidence.Hold("t", "p", "at")), 3, 4), "mvn x", dump,
                List.of(new TraceEvent(0.25, "t", "hold", "A.java:3")));
    }

    private final RunRecord record = new RunRecord("key");

    @Test
    void everyMessageRoundTripsAndTheEndWithItsKeyCompletesTheRun() {
        WindowResult a = verdict("a", Outcome.FAIL, null);
        assertNull(record.accept(RunRecord.headerMessage(HEADER)));
        assertNull(record.accept(RunRecord.startedMessage("CQ-1/a", "CQ-1/a")));
        assertEquals("CQ-1/a", record.snapshot().running());
        assertEquals("fabric-tck: CQ-1/a FAIL (12 ms): why\nover two lines",
                record.accept(RunRecord.verdictMessage(a)));
        assertFalse(record.complete());
        assertNull(record.accept(RunRecord.endMessage("key")));

        Result r = record.snapshot();
        assertTrue(r.complete());
        assertNull(r.running());
        assertEquals(List.of(a), r.windows());
        assertEquals(HEADER.run(), r.run());
        assertEquals(HEADER.driver(), r.driver());
        assertNull(record.violation());
    }

    @Test
    void theLibraryCallSitesOfTheHeaderStayInEverySnapshot() {
        List<Result.CallSite> sites = List.of(new Result.CallSite("boundary", "RdmaVerbs.getCqEvent",
                "com.ibm.disni.verbs.IbvCompChannel", "getCqEvent", "IbvCompChannel.java", 83));
        Result header = new Result(HEADER.schema(), HEADER.tckVersion(), HEADER.driver(), HEADER.jvm(), false, null,
                List.of(), HEADER.run(), sites);
        assertNull(record.accept(RunRecord.headerMessage(header)));
        assertEquals(sites, record.snapshot().rewrittenCallSites());
        record.accept(RunRecord.startedMessage("CQ-1/a", "CQ-1/a"));
        record.accept(RunRecord.verdictMessage(verdict("a", Outcome.PASS, null)));
        record.accept(RunRecord.endMessage("key"));
        assertEquals(sites, record.snapshot().rewrittenCallSites());
    }

    @Test
    void aMessageIsOneLine() {
        assertFalse(RunRecord.verdictMessage(verdict("a", Outcome.FAIL, "\"t\" RUNNABLE\n\tat x\n")).contains("\n"));
    }

    @Test
    void anEndWithoutTheKeyIsAViolationAndTheRunIsNotComplete() {
        record.accept(RunRecord.headerMessage(HEADER));
        record.accept(RunRecord.startedMessage("CQ-1/a", "CQ-1/a"));
        record.accept(RunRecord.verdictMessage(verdict("a", Outcome.PASS, null)));
        assertEquals("The channel from the fork carried an end without the launcher's key; nothing after it is believed.",
                record.accept(RunRecord.endMessage("forged")));
        record.accept(RunRecord.endMessage("key"));
        assertFalse(record.complete());
        assertEquals(1, record.snapshot().windows().size(), "what came before the violation is kept");
    }

    @Test
    void aVerdictForAWindowThatDidNotStartIsAViolationAndNothingAfterItIsBelieved() {
        record.accept(RunRecord.headerMessage(HEADER));
        record.accept(RunRecord.startedMessage("CQ-1/a", "CQ-1/a"));
        record.accept(RunRecord.verdictMessage(verdict("a", Outcome.FAIL, null)));
        record.accept(RunRecord.verdictMessage(verdict("a", Outcome.PASS, null)));
        assertEquals("a verdict for CQ-1/a, which was not running", record.violation());
        record.accept(RunRecord.startedMessage("CQ-1/b", "CQ-1/b"));
        assertEquals(List.of(Outcome.FAIL), record.snapshot().windows().stream().map(WindowResult::outcome).toList());
        assertNull(record.snapshot().running());
    }

    @Test
    void aLineThatIsNoMessageIsAViolation() {
        record.accept("17 windows passed");
        assertTrue(record.violation().startsWith("a line that is no message"), record.violation());
        assertNull(record.snapshot());
    }

    @Test
    void aRefusalAndAKitFailureAreKept() {
        record.accept(RunRecord.refusedMessage("No driver found."));
        assertEquals("No driver found.", record.refusal());
        record.accept(RunRecord.failedMessage("the kit failed: x"));
        assertEquals("the kit failed: x", record.kitFailure());
    }

    @Test
    void repeatedRunsOfAVariantAreAggregatedByTheRecord() {
        record.accept(RunRecord.headerMessage(HEADER));
        for (Outcome o : List.of(Outcome.PASS, Outcome.FAIL)) {
            record.accept(RunRecord.startedMessage("CQ-1/a", "CQ-1/a (run x of 2)"));
            record.accept(RunRecord.verdictMessage(verdict("a", o, null)));
        }
        WindowResult w = record.snapshot().windows().get(0);
        assertEquals(Outcome.FAIL, w.outcome());
        assertEquals(2, w.repeat().runs());
    }

    @Test
    void aLongThreadDumpIsCutInTheResultAndKeptWholeForItsFile() {
        StringBuilder dump = new StringBuilder("deadlock: a waits for b\n\n");
        for (int i = 0; i < 25; i++) {
            dump.append("\"t").append(i).append("\" WAITING\n\tat X.y(X.java:1)\n\n");
        }
        record.accept(RunRecord.headerMessage(HEADER));
        record.accept(RunRecord.startedMessage("CQ-1/a", "CQ-1/a"));
        record.accept(RunRecord.verdictMessage(verdict("a", Outcome.ERROR, dump.toString())));
        String kept = record.snapshot().windows().get(0).threadDump();
        assertTrue(kept.startsWith("deadlock: a waits for b"), kept);
        assertTrue(kept.contains("\"t19\"") && !kept.contains("\"t20\""), kept);
        assertTrue(kept.endsWith("… and 5 more threads; the whole dump is in thread-dump-CQ-1-a.txt\n"), kept);
        assertEquals(dump.toString(), record.dumps().get("thread-dump-CQ-1-a.txt"));
    }
}
