package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowInfo;
import io.github.fabrictck.report.WindowResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CertificationTest {

    @TempDir
    Path dir;

    private static final Map<String, WindowInfo> CATALOG = new LinkedHashMap<>();

    static {
        for (String id : List.of("CQ-1", "CQ-2")) {
            CATALOG.put(id, WindowInfo.of(id, "t", "completion-queue", "s", "b", new String[0], new String[0], "c"));
        }
    }

    /** A verdict as the kit makes it: a PASS with evidence of opening, a FAIL naming its broken invariant. */
    private static WindowResult window(String id, Outcome outcome, String reason) {
        return new WindowResult(id, null, "t", "completion-queue", outcome, 1, reason,
                outcome == Outcome.FAIL ? List.of("every completion is delivered") : List.of(),
                outcome == Outcome.PASS ? new Evidence(true, List.of(), 1, 1) : Evidence.none(),
                "mvn fabric-tck:run -Dfabric-tck.windows=" + id, List.of());
    }

    @Test
    void aResultThatContradictsItselfDoesNotPass() throws IOException {
        WindowResult forged = new WindowResult("CQ-1", null, "t", "completion-queue", Outcome.PASS, 1, null,
                List.of("every completion is delivered"), Evidence.none(), "mvn fabric-tck:run -Dfabric-tck.windows=CQ-1",
                List.of());
        Certification c = Certification.of(result(forged), null);
        assertFalse(c.passes());
        assertTrue(c.message().contains("\n  - The result contradicts itself: CQ-1 is a PASS with no evidence that its "
                + "window was opened (the kit passes a window only when a hold caught the injected event).\n  - The result "
                + "contradicts itself: CQ-1 is a PASS that broke every completion is delivered."), c.message());
    }

    private Path result(WindowResult... windows) throws IOException {
        Path file = dir.resolve("fabric-tck-result.json");
        List<String> selected = java.util.Arrays.stream(windows).map(WindowResult::id).distinct().toList();
        ResultDocument.write(new Result(Result.SCHEMA, "0.1.0", new Result.DriverInfo("sample", "1.0"),
                new Result.JvmInfo("17", "x"), true, null, List.of(windows),
                new Result.Run(List.of("completion-queue"), selected, List.of(), new TreeMap<>())), file);
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
    void aCertificationIsLogged() throws IOException {
        Certification c = Certification.of(result(window("CQ-1", Outcome.PASS, null), window("CQ-2", Outcome.PASS, null)),
                " ", List.of(), CATALOG);
        assertEquals(new Certification(true, "Fabric TCK: sample 1.0 certified: 2 windows passed."), c);
    }

    @Test
    void aQuickRunWhoseWindowsPassPassesTheBuildAndSaysItIsNotACertification() throws IOException {
        Certification c = Certification.of(result(window("CQ-1", Outcome.PASS, null)), null, List.of(), CATALOG);
        assertEquals(new Certification(true, "Fabric TCK: sample 1.0 passed 1 of the selected windows — not a "
                + "certification (the selection leaves out CQ-2 of the declared family completion-queue)."), c);
    }

    @Test
    void everyProblemIsListedOnceWithItsReproduceCommand() throws IOException {
        Path file = result(window("CQ-1", Outcome.FAIL, "lost"), window("CQ-2", Outcome.ERROR, "no hold"),
                window("CQ-3", Outcome.PASS, null));
        Certification c = Certification.of(file, "CQ-3, ");
        assertFalse(c.passes());
        assertEquals("Fabric TCK: sample 1.0 is not certified (3 problems, result " + file + "):\n"
                + "  - CQ-1 FAIL: lost — reproduce: mvn fabric-tck:run -Dfabric-tck.windows=CQ-1\n"
                + "  - CQ-2 ERROR: no hold — reproduce: mvn fabric-tck:run -Dfabric-tck.windows=CQ-2\n"
                + "  - CQ-3 was expected to FAIL but was PASS — reproduce: mvn fabric-tck:run -Dfabric-tck.windows=CQ-3",
                c.message());
    }

    @Test
    void aCertificateProblemIsListedFirst() throws IOException {
        Path file = result(window("CQ-1", Outcome.PASS, null), window("CQ-2", Outcome.FAIL, "lost"));
        String changed = "The driver artifact changed since the Fabric TCK run (sha256 aa at run, bb now): "
                + "run fabric-tck:run again.";
        Certification c = Certification.of(file, null, List.of(changed), CATALOG);
        assertEquals(new Certification(false, "Fabric TCK: sample 1.0 is not certified (2 problems, result " + file + "):\n"
                + "  - " + changed + "\n"
                + "  - CQ-2 FAIL: lost — reproduce: mvn fabric-tck:run -Dfabric-tck.windows=CQ-2"), c);
        assertFalse(Certification.of(result(window("CQ-1", Outcome.PASS, null)), null, List.of(changed), CATALOG).passes());
    }

    @Test
    void aResultWithoutItsCertificateIsRefused() throws IOException {
        result(window("CQ-1", Outcome.PASS, null));
        assertEquals(List.of("No Fabric TCK certificate at " + dir.resolve(Certificate.FILE_NAME) + ": a result without "
                        + "its certificate is bound to no artifact and no configuration; run fabric-tck:run again (it writes both)."),
                Certification.certificateProblems(dir, c -> List.of(), null));
        Files.delete(dir.resolve(ResultJson.FILE_NAME));
        assertEquals(List.of(), Certification.certificateProblems(dir, c -> List.of(), null),
                "no result: the decision says so itself");
    }

    @Test
    void anotherDriversResultAndCertificateCopiedInAreRefused() throws IOException {
        // a vendor's certified module, its result and certificate copied into another module
        Path vendor = Files.createDirectories(dir.resolve("vendor"));
        Path vendorJar = Files.writeString(vendor.resolve("vendor-1.0.jar"), "vendor's driver");
        result(window("CQ-1", Outcome.PASS, null), window("CQ-2", Outcome.PASS, null));
        DriverArtifact bound = DriverArtifact.of("com.vendor:vendor", vendorJar, dir, dir);
        IssuedCertificates.issue(dir, CATALOG, List.of(bound), Map.of(), null);

        Path mine = Files.writeString(dir.resolve("mine-1.0.jar"), "my broken driver");
        List<String> problems = Certification.certificateProblems(dir,
                c -> List.of(DriverArtifact.now(c.artifacts().get(0), mine, dir)), null);
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).startsWith("The driver artifact (jar vendor/vendor-1.0.jar) changed since the Fabric "
                + "TCK run (sha256 " + bound.sha256() + " at run, " + DriverArtifact.fileSha256(mine) + " now, mine-1.0.jar)"),
                problems.get(0));
    }

    @Test
    void expectedFailuresPassTheBuildButAreNotACertification() throws IOException {
        Certification c = Certification.of(result(window("CQ-1", Outcome.FAIL, "lost"), window("CQ-2", Outcome.PASS, null)),
                "CQ-1", List.of(), CATALOG);
        assertEquals(new Certification(true, "Fabric TCK: sample 1.0 failed as expected (CQ-1 FAILED); otherwise passed 1 "
                + "of the selected windows — not a certification (not every verdict is PASS or NOT_APPLICABLE with a "
                + "reason (CQ-1 FAIL))."), c);
    }
}
