package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFilesTest {

    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();

    /** A disk that fills up after a number of writes, and is freed again. */
    private boolean full;

    private final OutputFiles.Sink disk = (file, text) -> {
        if (full) {
            throw new IOException("No space left on device");
        }
        ReportFiles.write(file, text);
    };

    private static Result result(boolean complete, int windows) {
        return result(complete, windows, 1);
    }

    private static Result result(boolean complete, int windows, long millis) {
        List<WindowResult> list = new ArrayList<>();
        for (int i = 1; i <= windows; i++) {
            list.add(new WindowResult("CQ-" + i, null, "t", "completion-queue", Outcome.PASS, millis, null, List.of(),
                    Evidence.none(), "mvn", List.of()));
        }
        return new Result(Result.SCHEMA, "1", new Result.DriverInfo("d", "1"), new Result.JvmInfo("17", "v"), complete,
                null, list);
    }

    @Test
    void aFullDiskLosesNothingInMemoryNamesTheFileOnceAndTheNextWriteCatchesUp() throws Exception {
        OutputFiles files = new OutputFiles(dir, Map.of(), disk, warnings::add);
        files.write(result(false, 1), Map.of());
        full = true;
        files.write(result(false, 2), Map.of());
        files.write(result(false, 3), Map.of());
        assertEquals(4, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).startsWith("Fabric TCK: cannot write " + dir.resolve(ResultJson.FILE_NAME)
                + ": java.io.IOException: No space left on device"), warnings.get(0));
        assertEquals(4, files.failures().size());
        assertEquals(1, ResultJson.read(dir.resolve(ResultJson.FILE_NAME)).windows().size());

        full = false;
        files.writeFinal(result(true, 3), Map.of());
        assertTrue(files.failures().isEmpty());
        Result written = ResultJson.read(dir.resolve(ResultJson.FILE_NAME));
        assertEquals(3, written.windows().size(), "every verdict held in memory reaches the disk");
        assertTrue(written.complete());
    }

    @Test
    void aRoundThatChangesNoVerdictRewritesTheResultButRendersNoOtherReport() throws Exception {
        Map<String, Integer> writes = new HashMap<>();
        OutputFiles.Sink counting = (file, text) -> {
            writes.merge(file.getFileName().toString(), 1, Integer::sum);
            ReportFiles.write(file, text);
        };
        OutputFiles files = new OutputFiles(dir, Map.of(), counting, warnings::add);
        files.write(result(false, 2), Map.of());
        files.write(result(false, 2, 7), Map.of()); // another round of a repeated window: same outcomes, other times
        assertEquals(2, writes.get(ResultJson.FILE_NAME));
        assertEquals(1, writes.get("report.html"));
        files.write(result(false, 3), Map.of());
        assertEquals(2, writes.get("report.html"), "a new verdict renders the reports again");
        files.writeFinal(result(true, 3), Map.of());
        assertEquals(3, writes.get("report.html"), "the final write renders every report");
        assertTrue(warnings.isEmpty(), warnings::toString);
    }

    @Test
    void aReportThatCannotBeWrittenAtTheEndLeavesTheRunIncomplete() throws Exception {
        OutputFiles.Sink noHtml = (file, text) -> {
            if (file.getFileName().toString().equals("report.html")) {
                throw new IOException("No space left on device");
            }
            ReportFiles.write(file, text);
        };
        OutputFiles files = new OutputFiles(dir, Map.of(), noHtml, warnings::add);
        files.writeFinal(result(true, 2), Map.of());
        assertFalse(ResultJson.read(dir.resolve(ResultJson.FILE_NAME)).complete());
        assertEquals(List.of(dir.resolve("report.html") + ": java.io.IOException: No space left on device"),
                files.failures());
        // verify blames the disk, not the fork (#27: it said "the fork timed out, crashed or was exited")
        String why = files.unwritten();
        assertTrue(why.startsWith("Maven's process could not write report.html in " + dir
                + " (java.io.IOException: No space left on device; "), why);
        assertTrue(why.contains(" bytes free on ") && why.contains("is the disk full?"), why);
        assertFalse(files.finalResult().complete());
    }

    @Test
    void filesThePluginDidNotWriteAreVoid() throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "the user's");
        Files.writeString(dir.resolve(ResultJson.FILE_NAME), "an earlier build's");
        OutputFiles files = new OutputFiles(dir, Map.of(), disk, warnings::add);
        files.clear();
        assertFalse(Files.exists(dir.resolve(ResultJson.FILE_NAME)), "an earlier result is not this build's");
        files.writeFinal(result(true, 1), Map.of("thread-dump-CQ-1.txt", "dump"));
        String ours = Files.readString(dir.resolve(ResultJson.FILE_NAME));
        // the driver forges the result and drops a certificate of its own
        Files.writeString(dir.resolve(ResultJson.FILE_NAME), ours.replace("PASS", "FAIL").replace("\"complete\": true", "\"complete\": false") + " ");
        Files.writeString(dir.resolve("fabric-tck-certificate.json"), "{}");
        files.voidStrangers();
        assertEquals(ours, Files.readString(dir.resolve(ResultJson.FILE_NAME)));
        assertFalse(Files.exists(dir.resolve("fabric-tck-certificate.json")));
        assertTrue(Files.exists(dir.resolve("notes.txt")), "a file that was there before the run is left alone");
        assertEquals(2, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).contains(ResultJson.FILE_NAME + " was changed by someone other than Maven's process"),
                warnings.get(0));
        assertTrue(warnings.get(1).contains("fabric-tck-certificate.json was not written by Maven's process"),
                warnings.get(1));
    }

    @Test
    void theScheduleFileAReplayReadsStaysAndIsGuardedAsThePluginsOwn() throws Exception {
        // the README's replay command reads target/fabric-tck/schedule-CQ-X-explore.txt and writes into the same
        // directory: clearing it deleted the file before the fork could read it ("names no file")
        Path schedule = Files.writeString(dir.resolve("schedule-CQ-X-explore.txt"), "the exploration's");
        Files.writeString(dir.resolve("schedule-HS-X-explore.txt"), "an earlier build's");
        OutputFiles files = new OutputFiles(dir, Map.of(), disk, warnings::add);
        files.clear(schedule);
        assertEquals("the exploration's", Files.readString(schedule));
        assertFalse(Files.exists(dir.resolve("schedule-HS-X-explore.txt")), "another schedule file is not this build's");
        files.writeFinal(result(true, 1), Map.of());
        Files.writeString(schedule, "forged");
        files.voidStrangers();
        assertEquals("the exploration's", Files.readString(schedule));
        assertEquals(1, warnings.size(), warnings::toString);
        files.writeFinal(result(true, 1), Map.of("schedule-CQ-X-explore.txt", "the replay's"));
        assertEquals("the replay's", Files.readString(schedule));
    }

    @Test
    void theForkOutputFileIsThePluginsOwnUntilSomeoneChangesIt() throws Exception {
        Path log = dir.resolve(ForkOutput.FILE_NAME);
        Files.writeString(log, "an earlier build's");
        OutputFiles files = new OutputFiles(dir, Map.of(), disk, warnings::add);
        files.clear();
        assertFalse(Files.exists(log), "an earlier build's fork output is not this one's");
        try (var stream = files.openForkOutput()) {
            stream.write("what the log did not show\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        files.voidStrangers();
        assertEquals("what the log did not show\n", Files.readString(log));
        assertEquals(List.of(), warnings);

        Files.writeString(log, "forged");
        files.voidStrangers();
        assertFalse(Files.exists(log));
        assertEquals(1, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).contains(ForkOutput.FILE_NAME + " was changed by someone other than Maven's process"));
    }

    @Test
    void aForkOutputFileThePluginDidNotOpenIsAStranger() throws Exception {
        OutputFiles files = new OutputFiles(dir, Map.of(), disk, warnings::add);
        files.clear();
        Files.writeString(dir.resolve(ForkOutput.FILE_NAME), "the driver's");
        files.voidStrangers();
        assertFalse(Files.exists(dir.resolve(ForkOutput.FILE_NAME)));
    }
}
