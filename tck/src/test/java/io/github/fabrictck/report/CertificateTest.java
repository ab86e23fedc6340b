package io.github.fabrictck.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CertificateTest {

    @TempDir
    Path project;

    private Path classes() throws IOException {
        Path classes = Files.createDirectories(project.resolve("target/classes/com/acme"));
        Files.writeString(classes.resolve("Driver.class"), "driver bytes");
        Files.writeString(classes.resolve("Handler.class"), "handler bytes");
        Files.createDirectories(project.resolve("target/classes/META-INF/services"));
        Files.writeString(project.resolve("target/classes/META-INF/services/io.github.fabrictck.spi.Driver"), "com.acme.Driver");
        return project.resolve("target/classes");
    }

    @Test
    void theJarIsBoundWhenThereIsOneElseTheClassesDirectory() throws IOException {
        Path classes = classes();
        Path jar = Files.writeString(project.resolve("target/acme-1.0.jar"), "jar bytes");

        DriverArtifact fromJar = DriverArtifact.of(jar, classes, project);
        assertEquals(new DriverArtifact("jar", "target/acme-1.0.jar",
                "fba6a4ac61e440c7309ae013e5c5c7ac0a9000c8a3bab7def760b499d587b1d0"), fromJar); // sha256sum of "jar bytes"

        DriverArtifact fromClasses = DriverArtifact.of(null, classes, project);
        assertEquals("classes-directory", fromClasses.kind());
        assertEquals("target/classes", fromClasses.path());
        assertEquals(DriverArtifact.directorySha256(classes), fromClasses.sha256());
        // a pom-packaged project's "main artifact" is its pom: not a jar
        assertEquals("classes-directory", DriverArtifact.of(Files.writeString(project.resolve("pom.xml"), "<project/>"),
                classes, project).kind());
    }

    @Test
    void theDirectoryHashIsOverSortedRelativePathsAndContents() throws IOException {
        Path classes = classes();
        String hash = DriverArtifact.directorySha256(classes);
        // documented construction: sha256 over "<path>\0<sha256 hex>\n" of each file sorted by path
        StringBuilder lines = new StringBuilder();
        for (String f : List.of("META-INF/services/io.github.fabrictck.spi.Driver", "com/acme/Driver.class",
                "com/acme/Handler.class")) {
            lines.append(f).append('\0').append(DriverArtifact.fileSha256(classes.resolve(f))).append('\n');
        }
        Path expected = Files.writeString(project.resolve("lines"), lines.toString(), StandardCharsets.UTF_8);
        assertEquals(DriverArtifact.fileSha256(expected), hash);

        // the same tree elsewhere, written in another order, hashes the same
        Path other = Files.createDirectories(project.resolve("other/com/acme"));
        Files.writeString(other.resolve("Handler.class"), "handler bytes");
        Files.writeString(other.resolve("Driver.class"), "driver bytes");
        Files.createDirectories(project.resolve("other/META-INF/services"));
        Files.writeString(project.resolve("other/META-INF/services/io.github.fabrictck.spi.Driver"), "com.acme.Driver");
        assertEquals(hash, DriverArtifact.directorySha256(project.resolve("other")));

        Files.writeString(classes.resolve("com/acme/Handler.class"), "patched handler");
        assertNotEquals(hash, DriverArtifact.directorySha256(classes));
        Files.writeString(classes.resolve("com/acme/Handler.class"), "handler bytes");
        assertEquals(hash, DriverArtifact.directorySha256(classes));
        Files.move(classes.resolve("com/acme/Handler.class"), classes.resolve("com/acme/Handler2.class"));
        assertNotEquals(hash, DriverArtifact.directorySha256(classes));
        assertEquals(DriverArtifact.directorySha256(project.resolve("empty")),
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "missing = empty");
    }

    @Test
    void issueWritesTheCertificateOfTheResultAndReadsBack() throws IOException {
        Path out = project.resolve("target/fabric-tck");
        Result r = Fixtures.result(true, Fixtures.window("CQ-1", "a", Outcome.PASS, null),
                Fixtures.window("CQ-2", null, Outcome.FAIL, "lost"));
        ReportFiles.writeAll(r, out);
        DriverArtifact artifact = DriverArtifact.of(null, classes(), project);

        Certificate c = Certificate.issue(out, List.of("CQ-1", "CQ-2", "CQ-3"), artifact);

        assertEquals(c, Certificate.read(out.resolve(Certificate.FILE_NAME)));
        assertEquals(new Certificate("0.1.0", List.of("CQ-1", "CQ-2", "CQ-3"), new Result.DriverInfo("sample", "1.0.0"),
                artifact, new Result.JvmInfo("17.0.15", "Eclipse Adoptium"),
                DriverArtifact.fileSha256(out.resolve(ResultJson.FILE_NAME)), true,
                List.of(new Certificate.Verdict("CQ-1", "a", Outcome.PASS), new Certificate.Verdict("CQ-2", null, Outcome.FAIL))),
                c);
        String json = Files.readString(out.resolve(Certificate.FILE_NAME));
        assertTrue(json.startsWith("{\n  \"schema\": \"fabric-tck-certificate/1\",\n  \"tck\": {\n    \"version\": \"0.1.0\"\n  },\n"
                + "  \"catalog\": {\n    \"windows\": [\n      \"CQ-1\",\n"), json);
        Object parsed = Json.parse(json);
        Map<?, ?> driver = (Map<?, ?>) ((Map<?, ?>) parsed).get("driver");
        assertEquals(Map.of("kind", "classes-directory", "path", "target/classes", "sha256", artifact.sha256()),
                driver.get("artifact"));
        Map<String, Object> second = new LinkedHashMap<>();
        second.put("id", "CQ-2");
        second.put("variant", null);
        second.put("outcome", "FAIL");
        assertEquals(List.of(Map.of("id", "CQ-1", "variant", "a", "outcome", "PASS"), second),
                ((Map<?, ?>) parsed).get("verdicts"));
    }

    @Test
    void aChangedArtifactOrResultIsOneSentenceEach() throws IOException {
        Path out = project.resolve("target/fabric-tck");
        ReportFiles.writeAll(Fixtures.result(true, Fixtures.window("CQ-1", null, Outcome.PASS, null)), out);
        Path classes = classes();
        Path jar = Files.writeString(project.resolve("target/acme-1.0.jar"), "jar bytes");
        Certificate c = Certificate.issue(out, List.of("CQ-1"), DriverArtifact.of(jar, classes, project));
        String resultNow = DriverArtifact.fileSha256(out.resolve(ResultJson.FILE_NAME));

        assertEquals(List.of(), c.problems(DriverArtifact.now(c.artifact(), jar, project), resultNow));
        // verify run alone (no lifecycle): the project has no main artifact file; the recorded path is hashed
        assertEquals(List.of(), c.problems(DriverArtifact.now(c.artifact(), null, project), resultNow));

        String before = c.artifact().sha256();
        Files.writeString(jar, "patched jar bytes");
        String after = DriverArtifact.fileSha256(jar);
        assertEquals(List.of("The driver artifact changed since the Fabric TCK run (sha256 " + before + " at run, " + after
                        + " now): run fabric-tck:run again."),
                c.problems(DriverArtifact.now(c.artifact(), jar, project), resultNow));

        Files.delete(jar);
        assertEquals(List.of("The driver artifact changed since the Fabric TCK run (sha256 " + before
                        + " at run, target/acme-1.0.jar is gone now): run fabric-tck:run again."),
                c.problems(DriverArtifact.now(c.artifact(), null, project), resultNow));

        Certificate onClasses = Certificate.issue(out, List.of("CQ-1"), DriverArtifact.of(null, classes, project));
        Files.writeString(classes.resolve("com/acme/Handler.class"), "patched");
        List<String> problems = onClasses.problems(DriverArtifact.now(onClasses.artifact(), null, project),
                "0".repeat(64));
        assertEquals(2, problems.size());
        assertTrue(problems.get(0).startsWith("The driver artifact changed since the Fabric TCK run (sha256 "
                + onClasses.artifact().sha256() + " at run, "), problems.get(0));
        assertEquals("The Fabric TCK result changed since the run wrote its certificate (sha256 " + resultNow
                + " at run, " + "0".repeat(64) + " now): run fabric-tck:run again.", problems.get(1));
    }

    @Test
    void checkFindsTheCertificateNextToTheResult() throws IOException {
        Path out = project.resolve("target/fabric-tck");
        Path classes = classes();
        assertEquals(List.of(), Certificate.check(out, null, project), "no certificate, nothing to check");
        ReportFiles.writeAll(Fixtures.result(true, Fixtures.window("CQ-1", null, Outcome.PASS, null)), out);
        Certificate c = Certificate.issue(out, List.of("CQ-1"), DriverArtifact.of(null, classes, project));
        assertEquals(List.of(), Certificate.check(out, null, project));
        Files.writeString(classes.resolve("com/acme/Driver.class"), "patched");
        assertEquals(List.of("The driver artifact changed since the Fabric TCK run (sha256 " + c.artifact().sha256()
                + " at run, " + DriverArtifact.directorySha256(classes) + " now): run fabric-tck:run again."),
                Certificate.check(out, null, project));
        Files.writeString(out.resolve(Certificate.FILE_NAME), "{");
        assertEquals(1, Certificate.check(out, null, project).size());
        assertTrue(Certificate.check(out, null, project).get(0).endsWith(" Run fabric-tck:run again."));
    }

    @Test
    void aFileThatIsNotACertificateIsOneSentence() throws IOException {
        Path file = Files.writeString(project.resolve(Certificate.FILE_NAME), "{\"schema\": \"x\"}");
        IOException e = assertThrows(IOException.class, () -> Certificate.read(file));
        assertEquals(file + " is not a fabric-tck-certificate/1 document: its schema is not fabric-tck-certificate/1.",
                e.getMessage());
        assertEquals("No Fabric TCK certificate at " + project.resolve("none") + ".",
                assertThrows(IOException.class, () -> Certificate.read(project.resolve("none"))).getMessage());
    }
}
