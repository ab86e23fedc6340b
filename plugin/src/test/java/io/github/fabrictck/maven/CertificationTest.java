package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CertificationTest {

    @TempDir
    Path dir;

    private static WindowResult window(String id, Outcome outcome, String reason) {
        return new WindowResult(id, null, "t", "completion-queue", outcome, 1, reason, List.of(), Evidence.none(),
                "mvn fabric-tck:run -Dfabric-tck.windows=" + id, List.of());
    }

    private Path result(WindowResult... windows) throws IOException {
        Path file = dir.resolve("fabric-tck-result.json");
        ResultJson.write(new Result(Result.SCHEMA, "0.1.0", new Result.DriverInfo("sample", "1.0"),
                new Result.JvmInfo("17", "x"), true, List.of(windows)), file);
        return file;
    }

    @Test
    void missingResultSaysToRunTheRunGoal() {
        Path file = dir.resolve("fabric-tck-result.json");
        assertEquals(new Certification(false, "No Fabric TCK result at " + file
                + ": run the fabric-tck:run goal first (it is bound to integration-test)."), Certification.of(file, null));
    }

    @Test
    void unreadableResultIsItsOneSentence() throws IOException {
        Path file = Files.writeString(dir.resolve("fabric-tck-result.json"), "{}");
        assertEquals(new Certification(false, file + " is not a fabric-tck-result/1 document: it has no \"schema\"."),
                Certification.of(file, null));
    }

    @Test
    void certifiedResultIsLogged() throws IOException {
        Certification c = Certification.of(result(window("CQ-1", Outcome.PASS, null)), " ");
        assertTrue(c.certified());
        assertEquals("Fabric TCK: sample 1.0 certified: 1 window passed.", c.message());
    }

    @Test
    void everyProblemIsListedOnceWithItsReproduceCommand() throws IOException {
        Path file = result(window("CQ-1", Outcome.FAIL, "lost"), window("CQ-2", Outcome.ERROR, "no hold"),
                window("CQ-3", Outcome.PASS, null));
        Certification c = Certification.of(file, "CQ-3, ");
        assertFalse(c.certified());
        assertEquals("Fabric TCK: sample 1.0 is not certified (3 problems, result " + file + "):\n"
                + "  - CQ-1 FAIL: lost — reproduce: mvn fabric-tck:run -Dfabric-tck.windows=CQ-1\n"
                + "  - CQ-2 ERROR: no hold — reproduce: mvn fabric-tck:run -Dfabric-tck.windows=CQ-2\n"
                + "  - CQ-3 was expected to FAIL but was PASS — reproduce: mvn fabric-tck:run -Dfabric-tck.windows=CQ-3",
                c.message());
    }

    @Test
    void aChangedDriverArtifactIsAProblemListedFirst() throws IOException {
        Path file = result(window("CQ-1", Outcome.PASS, null), window("CQ-2", Outcome.FAIL, "lost"));
        String changed = "The driver artifact changed since the Fabric TCK run (sha256 aa at run, bb now): "
                + "run fabric-tck:run again.";
        Certification c = Certification.of(file, null, List.of(changed));
        assertEquals(new Certification(false, "Fabric TCK: sample 1.0 is not certified (2 problems, result " + file + "):\n"
                + "  - " + changed + "\n"
                + "  - CQ-2 FAIL: lost — reproduce: mvn fabric-tck:run -Dfabric-tck.windows=CQ-2"), c);
        assertFalse(Certification.of(result(window("CQ-1", Outcome.PASS, null)), null, List.of(changed)).certified());
        assertTrue(Certification.of(result(window("CQ-1", Outcome.PASS, null)), null, List.of()).certified());
    }

    @Test
    void expectedFailuresCertifyWhenTheyFail() throws IOException {
        Certification c = Certification.of(result(window("CQ-1", Outcome.FAIL, "lost"), window("CQ-2", Outcome.PASS, null)),
                "CQ-1");
        assertEquals(new Certification(true,
                "Fabric TCK: sample 1.0 failed as expected (CQ-1 FAILED); otherwise 1 window passed."), c);
    }
}
