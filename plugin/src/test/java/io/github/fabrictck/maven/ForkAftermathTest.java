package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.launcher.RunRecord;
import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForkAftermathTest {

    private static final WindowResult DONE = new WindowResult("CQ-1", "a", "lost final completion", "completion-queue",
            Outcome.PASS, 12, null, List.of(), Evidence.none(), "mvn x", List.of());

    private static final Result HEADER = new Result(Result.SCHEMA, "1", new Result.DriverInfo("d", "1"),
            new Result.JvmInfo("17", "v"), false, null, List.of());

    private static Result killedDuring(String running) {
        return new Result(Result.SCHEMA, "1", new Result.DriverInfo("d", "1"), new Result.JvmInfo("17", "v"), false,
                running, List.of(DONE));
    }

    /** A fork that sent its header, one verdict, and started CQ-1/b. */
    private static RunRecord inTheMiddleOfCq1b() {
        RunRecord record = new RunRecord("key");
        record.accept(RunRecord.headerMessage(HEADER));
        record.accept(RunRecord.startedMessage("CQ-1/a", "CQ-1/a"));
        record.accept(RunRecord.verdictMessage(DONE));
        record.accept(RunRecord.startedMessage("CQ-1/b", "CQ-1/b"));
        return record;
    }

    @Test
    void theWindowInProgressBecomesAnErrorAndEveryVerdictReachedIsKept() {
        Result r = ForkAftermath.interrupted(killedDuring("CQ-1/b"), "the fork was killed after 600 s", "mvn p:run");
        assertFalse(r.complete());
        assertEquals(2, r.windows().size());
        assertEquals(DONE, r.windows().get(0));
        WindowResult b = r.windows().get(1);
        assertEquals("CQ-1/b", b.label());
        assertEquals(Outcome.ERROR, b.outcome());
        assertEquals("the fork was killed after 600 s while this window ran", b.reason());
        assertEquals("lost final completion (the waiter held on its way from its last poll to blocking)", b.title());
        assertEquals("completion-queue", b.family());
        assertEquals("mvn p:run -Dfabric-tck.driver=d -Dfabric-tck.windows=CQ-1/b", b.reproduce());
    }

    @Test
    void withNoWindowInProgressOnlyTheRunIsMarkedIncomplete() {
        Result r = ForkAftermath.interrupted(killedDuring(null), "the fork exited with code 3", "mvn p:run");
        assertEquals(List.of(DONE), r.windows());
        assertFalse(r.complete());
    }

    @Test
    void onlyTheLaunchersEndCompletesARun() {
        RunRecord record = new RunRecord("key");
        record.accept(RunRecord.headerMessage(HEADER));
        record.accept(RunRecord.startedMessage("CQ-1/a", "CQ-1/a"));
        record.accept(RunRecord.verdictMessage(DONE));
        record.accept(RunRecord.endMessage("key"));
        ForkAftermath.Settlement s = ForkAftermath.settle(record, true, new ForkExit(0, false, null), 600, "mvn p:run");
        assertNull(s.failure());
        assertNull(s.problem());
        assertTrue(s.result().complete());
        assertEquals(List.of(DONE), s.result().windows());
    }

    @Test
    void aForkKilledInTheMiddleKeepsEveryVerdictAndTheWindowInProgressIsAnError() {
        ForkAftermath.Settlement s = ForkAftermath.settle(inTheMiddleOfCq1b(), true,
                new ForkExit(137, false, null, List.of()), 600, "mvn p:run");
        assertEquals("The Fabric TCK fork ended with exit code 137 without the launcher's end (the JVM crashed, was "
                + "killed, or the driver ended it).", s.problem());
        assertFalse(s.result().complete());
        assertEquals(List.of("CQ-1/a PASS", "CQ-1/b ERROR"),
                s.result().windows().stream().map(w -> w.label() + " " + w.outcome()).toList());
        assertTrue(s.result().windows().get(1).reason().endsWith("while this window ran"));
    }

    @Test
    void aForkKilledAtItsTimeLimitWhileItWroteSaysSoAndNotThatItsChannelWasForged() {
        // the kill cut a verdict line in two: the channel's end passes the part without its end of line as cut off
        RunRecord record = inTheMiddleOfCq1b();
        record.cutOff("{\"message\":\"verdict\",\"window\":{\"id\":\"CQ-1\",\"var");
        ForkAftermath.Settlement s = ForkAftermath.settle(record, true, new ForkExit(137, true, null), 600, "mvn p:run");
        assertNull(record.violation());
        assertEquals("The Fabric TCK fork ran longer than its time limit (fabric-tck.forkTimeout = 600 s) and was killed "
                + "with its child processes. Its last message was cut off as it ended, and is not read.", s.problem());
        WindowResult b = s.result().windows().get(1);
        assertEquals(Outcome.ERROR, b.outcome());
        assertEquals("The Fabric TCK fork ran longer than its time limit (fabric-tck.forkTimeout = 600 s) and was killed "
                + "with its child processes while this window ran", b.reason());
        assertFalse(s.result().complete());
    }

    @Test
    void aCutOffLineAfterTheEndIsNotTheLaunchers() {
        RunRecord record = inTheMiddleOfCq1b();
        record.accept(RunRecord.verdictMessage(new WindowResult("CQ-1", "b", "t", "completion-queue", Outcome.PASS, 3,
                null, List.of(), Evidence.none(), "mvn x", List.of())));
        record.accept(RunRecord.endMessage("key"));
        record.cutOff("{\"message\":\"verd");
        assertFalse(record.complete());
        assertTrue(record.violation().startsWith("a cut-off line after the end"), record.violation());
    }

    @Test
    void aForgedAllPassThatHaltsWithZeroIsNotComplete() {
        // a driver that halts the JVM with status 0 after the verdicts it wanted: no end came
        RunRecord record = new RunRecord("key");
        record.accept(RunRecord.headerMessage(HEADER));
        record.accept(RunRecord.startedMessage("CQ-1/a", "CQ-1/a"));
        ForkAftermath.Settlement s = ForkAftermath.settle(record, true, new ForkExit(0, false, null), 600, "mvn p:run");
        assertFalse(s.result().complete());
        assertEquals(Outcome.ERROR, s.result().windows().get(0).outcome());
        assertTrue(s.problem().contains("exit code 0 without the launcher's end"), s.problem());
    }

    @Test
    void aMessageOutOfOrderIsNamedAndTheRunIsNotComplete() {
        RunRecord record = inTheMiddleOfCq1b();
        record.accept(RunRecord.endMessage("forged"));
        ForkAftermath.Settlement s = ForkAftermath.settle(record, true, new ForkExit(0, false, null), 600, "mvn p:run");
        assertEquals("The channel from the Fabric TCK fork carried an end without the launcher's key, which the launcher "
                + "does not send; nothing after it is believed.", s.problem());
        assertFalse(s.result().complete());
    }

    @Test
    void aConfigurationErrorFailsTheBuildWithTheLaunchersSentence() {
        RunRecord record = new RunRecord("key");
        record.accept(RunRecord.refusedMessage("No driver found on the class path."));
        ForkAftermath.Settlement s = ForkAftermath.settle(record, true, new ForkExit(2, false, "x"), 600, "mvn p:run");
        assertEquals("No driver found on the class path.", s.failure());
    }

    @Test
    void aJvmThatNeverConnectedDidNotStartAndSaysWhy() {
        ForkAftermath.Settlement s = ForkAftermath.settle(new RunRecord("key"), false, new ForkExit(1, false, null,
                List.of("Unrecognized option: --bogus", "Error: Could not create the Java Virtual Machine.")), 600, "mvn");
        assertEquals("The Fabric TCK fork's JVM did not start (exit code 1): Unrecognized option: --bogus | Error: Could "
                + "not create the Java Virtual Machine; check fabric-tck.argLine and fabric-tck.jvm.", s.failure());
    }

    @Test
    void aForkThatDiedBeforeItsHeaderLeavesNoResult() {
        ForkAftermath.Settlement s = ForkAftermath.settle(new RunRecord("key"), true, new ForkExit(134, false, null), 600,
                "mvn");
        assertNull(s.result());
        assertTrue(s.problem().endsWith("It ended before the launcher sent the run's header: no result."), s.problem());
    }
}
