package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.DriverArtifact;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a third party's recheck obtains and checks the artifacts a certificate binds (issue #27, item 6). */
class ThirdPartyArtifactsTest {

    @TempDir
    Path dir;

    private Path file(String where, String name, String bytes) throws IOException {
        Path f = dir.resolve(where).resolve(name);
        Files.createDirectories(f.getParent());
        return Files.writeString(f, bytes, StandardCharsets.UTF_8);
    }

    private static DriverArtifact certified(String role, String id, String path, Path sameBytesAs) throws IOException {
        return new DriverArtifact(role, id, DriverArtifact.JAR, path, DriverArtifact.fileSha256(sameBytesAs));
    }

    @Test
    void coordinatesComeFromTheIdAndTheClassifierFromTheFileName() {
        DriverArtifact plain = new DriverArtifact(DriverArtifact.DEPENDENCY, "com.acme:acme-core:1.0-SNAPSHOT",
                DriverArtifact.JAR, "/m2/com/acme/acme-core/1.0-SNAPSHOT/acme-core-1.0-SNAPSHOT.jar", "0");
        assertEquals(new ThirdPartyArtifacts.Coordinates("com.acme", "acme-core", "1.0-SNAPSHOT", null),
                ThirdPartyArtifacts.coordinates(plain));
        DriverArtifact tests = new DriverArtifact(DriverArtifact.DEPENDENCY, "com.acme:acme-core:1.0",
                DriverArtifact.JAR, "repo/acme-core-1.0-tests.jar", "0");
        assertEquals("tests", ThirdPartyArtifacts.coordinates(tests).classifier());
        // a module's jar under another finalName is still the main artifact
        DriverArtifact renamed = new DriverArtifact(DriverArtifact.MODULE, "com.acme:acme:2.1", DriverArtifact.JAR,
                "target/acme.jar", "0");
        assertNull(ThirdPartyArtifacts.coordinates(renamed).classifier());
        // an older certificate's module: no version, no coordinates
        assertNull(ThirdPartyArtifacts.coordinates(new DriverArtifact(DriverArtifact.MODULE, "com.acme:acme",
                DriverArtifact.JAR, "target/acme-1.0.jar", "0")));
    }

    @Test
    void lookUpPrefersTheFileWithTheCertifiedHash() throws IOException {
        Path right = file("b", "acme-1.0.jar", "certified");
        Path wrong = file("a", "acme-1.0.jar", "changed");
        DriverArtifact a = certified(DriverArtifact.MODULE, "com.acme:acme:1.0", "target/acme-1.0.jar", right);
        assertEquals(right, ThirdPartyArtifacts.lookUp(List.of(dir.resolve("a"), dir.resolve("b")), a));
        // none of the certified bytes: the first of that name, whose hash then names the difference
        Files.delete(right);
        assertEquals(wrong, ThirdPartyArtifacts.lookUp(List.of(dir.resolve("a"), dir.resolve("b")), a));
        assertNull(ThirdPartyArtifacts.lookUp(List.of(dir.resolve("b")), a));
    }

    @Test
    void obtainCopiesTheJarsModuleFirstAndHashesTheCopies() throws IOException {
        Path module = file("delivery", "acme-1.0.jar", "module");
        Path lib = file("delivery", "lib-2.0.jar", "lib");
        List<DriverArtifact> certificate = List.of(
                certified(DriverArtifact.DEPENDENCY, "com.lib:lib:2.0", "/m2/lib-2.0.jar", lib),
                certified(DriverArtifact.MODULE, "com.acme:acme:1.0", "target/acme-1.0.jar", module));
        Path recheck = dir.resolve("recheck");
        ThirdPartyArtifacts.Obtained o = ThirdPartyArtifacts.obtain(certificate,
                ThirdPartyArtifacts.inDirectories(List.of(dir.resolve("delivery"))), recheck);
        assertEquals(List.of(), o.problems());
        assertEquals(List.of(recheck.resolve("artifacts/acme-1.0.jar"), recheck.resolve("artifacts/lib-2.0.jar")), o.classpath());
        assertEquals(recheck.resolve("artifacts/acme-1.0.jar"), o.moduleJar());
        assertEquals("artifacts/lib-2.0.jar", o.artifacts().get(1).path());
        assertEquals(certificate.get(0).sha256(), o.artifacts().get(1).sha256());
        assertEquals("module", Files.readString(o.moduleJar()));
    }

    @Test
    void eachArtifactNotObtainedOrChangedIsNamedInOneSentence() throws IOException {
        Path module = file("delivery", "acme-1.0.jar", "module");
        DriverArtifact moduleRecord = certified(DriverArtifact.MODULE, "com.acme:acme:1.0", "target/acme-1.0.jar", module);
        Files.writeString(module, "swapped");
        Path other = file("elsewhere", "lib-2.0.jar", "lib");
        DriverArtifact missing = certified(DriverArtifact.DEPENDENCY, "com.lib:lib:2.0", "/m2/lib-2.0.jar", other);
        DriverArtifact classes = new DriverArtifact(DriverArtifact.DEPENDENCY, "com.x:x:1", DriverArtifact.CLASSES_DIRECTORY,
                "../x/target/classes", "0");
        ThirdPartyArtifacts.Obtained o = ThirdPartyArtifacts.obtain(List.of(moduleRecord, missing, classes),
                ThirdPartyArtifacts.inDirectories(List.of(dir.resolve("delivery"))), dir.resolve("recheck"));
        assertEquals(3, o.problems().size(), o.problems().toString());
        assertTrue(o.problems().get(0).startsWith("The module com.acme:acme:1.0 (acme-1.0.jar) from " + module
                + " has sha256 "), o.problems().get(0));
        assertTrue(o.problems().get(0).endsWith(", not the certified " + moduleRecord.sha256() + "."), o.problems().get(0));
        assertTrue(o.problems().get(1).startsWith("The dependency com.lib:lib:2.0 (lib-2.0.jar) is in none of "),
                o.problems().get(1));
        assertTrue(o.problems().get(2).startsWith("The dependency com.x:x:1 (classes) is a classes directory"),
                o.problems().get(2));
        o.problems().forEach(p -> assertEquals(1, p.split("\\. ").length, p));
        assertNull(o.moduleJar());
    }

    @Test
    void twoJarsOfOneFileNameGetTheirOwnCopies() throws IOException {
        Path a = file("a", "util-1.0.jar", "a");
        Path b = file("b", "util-1.0.jar", "b");
        List<DriverArtifact> certificate = List.of(certified(DriverArtifact.DEPENDENCY, "a:util:1.0", "x/util-1.0.jar", a),
                certified(DriverArtifact.DEPENDENCY, "b:util:1.0", "y/util-1.0.jar", b));
        ThirdPartyArtifacts.Obtained o = ThirdPartyArtifacts.obtain(certificate,
                ThirdPartyArtifacts.inDirectories(List.of(dir.resolve("a"), dir.resolve("b"))), dir.resolve("recheck"));
        assertEquals(List.of(), o.problems());
        assertEquals("artifacts/1/util-1.0.jar", o.artifacts().get(1).path());
    }

    @Test
    void theStandaloneStubIsAThirdPartysRun() {
        MavenProject stub = new MavenProject();
        stub.setGroupId("org.apache.maven");
        stub.setArtifactId("standalone-pom");
        assertTrue(RecheckMojo.standalone(stub));
        MavenProject real = new MavenProject();
        real.setFile(dir.resolve("pom.xml").toFile());
        real.setGroupId("com.acme");
        real.setArtifactId("acme");
        assertEquals(false, RecheckMojo.standalone(real));
    }
}
