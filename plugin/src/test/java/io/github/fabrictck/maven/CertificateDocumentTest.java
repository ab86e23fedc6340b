package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.Json;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CertificateDocumentTest {

    @TempDir
    Path dir;

    private static final Map<String, WindowInfo> CATALOG = new LinkedHashMap<>();

    static {
        for (String id : List.of("CQ-1", "HS-2", "CS-1")) {
            CATALOG.put(id, WindowInfo.of(id, "t", "completion-queue", "s", "b", new String[0], new String[0], "c"));
        }
    }

    private final List<DriverArtifact> artifacts = List.of(
            new DriverArtifact(DriverArtifact.MODULE, "com.acme:acme-adapter", DriverArtifact.JAR, "target/acme-adapter-1.0.jar", "ab"),
            new DriverArtifact(DriverArtifact.DEPENDENCY, "com.acme:acme-core", DriverArtifact.JAR,
                    "/home/me/.m2/repository/com/acme/acme-core/1.0/acme-core-1.0.jar", "cd"));

    @Test
    void issueWritesTheCertificateOfTheResultAndItReadsBackEqual() throws IOException {
        ResultDocument.write(ResultDocumentTest.rich(), dir.resolve(ResultJson.FILE_NAME));
        Certificate c = IssuedCertificates.issue(dir, CATALOG, artifacts, Map.of("fabric-tck.repeat", "20"), null);
        assertEquals(c, CertificateDocument.read(dir.resolve(Certificate.FILE_NAME)));
        assertFalse(c.certified());
        assertEquals(DriverArtifact.fileSha256(dir.resolve(ResultJson.FILE_NAME)), c.resultSha256());
        assertEquals("20", c.settings().get("fabric-tck.repeat"));

        String json = Files.readString(dir.resolve(Certificate.FILE_NAME));
        assertTrue(json.startsWith("{\n  \"schema\": \"fabric-tck-certificate/2\",\n  \"certified\": false,\n"
                + "  \"standing\": \"passed 1 of the selected windows — not a certification\",\n"), json);
        Map<?, ?> parsed = (Map<?, ?>) Json.parse(json);
        assertEquals(List.of("schema", "certified", "standing", "notCertifiedBecause", "tck", "catalog", "driver", "windows",
                "settings", "jvm", "artifacts", "result", "verdicts"), List.copyOf(parsed.keySet()));
        assertEquals(Map.of("role", "dependency", "id", "com.acme:acme-core", "kind", "jar", "path",
                "/home/me/.m2/repository/com/acme/acme-core/1.0/acme-core-1.0.jar", "sha256", "cd"),
                ((List<?>) parsed.get("artifacts")).get(1));
        assertEquals(Map.of("file", "fabric-tck-result.json", "sha256", c.resultSha256(), "complete", false), parsed.get("result"));
        assertEquals(Map.of("id", "CQ-1", "variant", "a", "outcome", "FAIL"), ((List<?>) parsed.get("verdicts")).get(0));
    }

    @Test
    void theAdaptersAreWrittenReadBackAndAnEditOfThemIsRefusedByVerify() throws IOException {
        Result r = ResultDocumentTest.rich();
        Result adapted = new Result(r.schema(), r.tckVersion(), r.driver(), r.jvm(), r.complete(), r.running(),
                r.windows(), r.run(), r.rewrittenCallSites(), List.of(ShardMergeTest.DISNI));
        ResultDocument.write(adapted, dir.resolve(ResultJson.FILE_NAME));
        assertEquals(adapted, ResultDocument.read(dir.resolve(ResultJson.FILE_NAME)));
        String adaptersAsTheForkWrites = Json.pretty(ResultJson.toJson(adapted));
        adaptersAsTheForkWrites = adaptersAsTheForkWrites.substring(adaptersAsTheForkWrites.indexOf("  \"adapters\": ["));
        assertTrue(ResultDocument.text(adapted).endsWith(adaptersAsTheForkWrites), "Jackson writes them as the fork");
        Certificate c = IssuedCertificates.issue(dir, CATALOG, artifacts, Map.of(), null);
        assertEquals(c, CertificateDocument.read(dir.resolve(Certificate.FILE_NAME)));
        assertEquals(List.of(ShardMergeTest.DISNI), c.adapters());
        String json = Files.readString(dir.resolve(Certificate.FILE_NAME));
        Map<?, ?> parsed = (Map<?, ?>) Json.parse(json);
        assertEquals(List.of("schema", "certified", "standing", "notCertifiedBecause", "tck", "catalog", "driver", "windows",
                "settings", "jvm", "artifacts", "adapters", "result", "verdicts"), List.copyOf(parsed.keySet()));
        assertEquals(List.of(), Certification.certificateProblems(dir, x -> x.artifacts(), null));

        // the reviewer's edit: the certificate keeps the result's digest but hides the environment package
        Files.writeString(dir.resolve(Certificate.FILE_NAME),
                json.replace("\"environmentPackages\": [],", "\"environmentPackages\": [\"com.ibm.disni.verbs.\"],"));
        List<String> problems = Certification.certificateProblems(dir, x -> x.artifacts(), null);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("The certificate names [adapter io.github.fabrictck.adapters.disni."
                + "DisniAdapter declares com.ibm.disni:disni:2.1 (packages com.ibm.disni.; environment com.ibm.disni.verbs.;"),
                problems.get(0));
        assertTrue(problems.get(0).endsWith("the certificate was changed after the run; run fabric-tck:run again."));
    }

    @Test
    void aCertificateWithoutDriverOrJvmReadsBackEqual() throws IOException {
        Certificate c = Certificate.of(ResultDocumentTest.bare(), CATALOG, List.of(), Map.of(), null, "ef");
        Certificate bare = new Certificate(c.certified(), c.reasons(), c.standing(), c.tckVersion(), c.catalog(),
                c.catalogSha256(), null, c.families(), c.selected(), c.excluded(), c.settings(), null, c.artifacts(),
                c.resultSha256(), c.complete(), c.verdicts());
        Path file = Files.writeString(dir.resolve(Certificate.FILE_NAME), CertificateDocument.text(bare));
        Certificate back = CertificateDocument.read(file);
        assertEquals(new Result.DriverInfo(null, null), back.driver(), "the driver's members are written, null");
        assertEquals(null, back.jvm());
        assertEquals(bare.verdicts(), back.verdicts());
    }

    @Test
    void aFileThatIsNotACertificateIsOneSentence() throws IOException {
        Path file = Files.writeString(dir.resolve(Certificate.FILE_NAME), "{\"schema\": \"x\"}");
        IOException e = assertThrows(IOException.class, () -> CertificateDocument.read(file));
        assertEquals(file + " is not a fabric-tck-certificate/2 document: its schema is not fabric-tck-certificate/2.",
                e.getMessage());
        Files.writeString(file, "{\"schema\": \"fabric-tck-certificate/2\", \"driver\": 3}");
        assertEquals(file + " is not a fabric-tck-certificate/2 document: \"driver\" is not an object.",
                assertThrows(IOException.class, () -> CertificateDocument.read(file)).getMessage());
        Files.writeString(file, "{\"schema\": ");
        assertTrue(assertThrows(IOException.class, () -> CertificateDocument.read(file)).getMessage()
                .startsWith(file + " is not a fabric-tck-certificate/2 document: Malformed JSON at line 1"));
        assertEquals("No Fabric TCK certificate at " + dir.resolve("none") + ".",
                assertThrows(IOException.class, () -> CertificateDocument.read(dir.resolve("none"))).getMessage());
    }
}
