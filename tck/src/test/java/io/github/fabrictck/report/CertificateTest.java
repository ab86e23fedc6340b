package io.github.fabrictck.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CertificateTest {

    @TempDir
    Path project;

    /** A jar at {@code path} in the project holding empty entries named {@code entries}. */
    private Path jar(String path, String... entries) throws IOException {
        Path jar = project.resolve(path);
        Files.createDirectories(jar.getParent());
        try (java.util.zip.ZipOutputStream zip = new java.util.zip.ZipOutputStream(Files.newOutputStream(jar))) {
            for (String e : entries) {
                java.util.zip.ZipEntry entry = new java.util.zip.ZipEntry(e);
                entry.setTime(0);
                zip.putNextEntry(entry);
                zip.write(e.getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void theClassesThatRanMustBeTheJarsClasses() throws IOException {
        Path jar = jar("target/acme-1.0.jar", "com/acme/Endpoint.class", "META-INF/MANIFEST.MF");
        Path classes = project.resolve("target/classes");
        Files.createDirectories(classes.resolve("com/acme"));
        Files.writeString(classes.resolve("com/acme/Endpoint.class"), "com/acme/Endpoint.class"); // the jar's bytes
        assertNull(DriverArtifact.classesDifferFromJar(jar, classes, project));
        assertNull(DriverArtifact.classesDifferFromJar(null, classes, project), "no jar yet: the directory is bound");
        Files.writeString(classes.resolve("com/acme/Endpoint.class"), "compliant bytes copied after package");
        assertEquals("the classes and resources that ran (target/classes) are not the module's jar target/acme-1.0.jar: "
                + "com/acme/Endpoint.class differs from the jar's (a build step after package changed the classes?)",
                DriverArtifact.classesDifferFromJar(jar, classes, project));
        Files.writeString(classes.resolve("com/acme/Endpoint.class"), "com/acme/Endpoint.class");
        Files.writeString(classes.resolve("com/acme/Extra.class"), "x");
        assertTrue(DriverArtifact.classesDifferFromJar(jar, classes, project).contains("com/acme/Extra.class is not in the jar"));
        Files.delete(classes.resolve("com/acme/Extra.class"));
        // a resource decides as much as a class: which endpoint the driver makes, its timeouts
        Files.writeString(classes.resolve("com/acme/mode.properties"), "mode=fixed");
        assertTrue(DriverArtifact.classesDifferFromJar(jar, classes, project).contains("com/acme/mode.properties is not in the jar"));
    }

    @Test
    void everyDependencyIsBoundWhateverItHolds() throws IOException {
        Path core = jar("repo/acme-core-1.0.jar", "META-INF/MANIFEST.MF", "com/acme/core/Queue.class");
        Path resources = jar("repo/settings-1.0.jar", "acme/timeouts.properties");
        DriverArtifact bound = DriverArtifact.library("com.acme:acme-core:1.0", core, project);
        assertEquals(new DriverArtifact(DriverArtifact.DEPENDENCY, "com.acme:acme-core:1.0", DriverArtifact.JAR,
                "repo/acme-core-1.0.jar", DriverArtifact.fileSha256(core)), bound);
        assertEquals(DriverArtifact.fileSha256(resources), DriverArtifact.library("com.acme:settings:1.0", resources,
                project).sha256(), "a jar of resources only changes a driver as much as one of classes");
        // a reactor module resolved before package: its classes directory
        Path reactor = Files.createDirectories(project.resolve("reactor/logic/target/classes/com/acme/logic"));
        Files.writeString(reactor.resolve("Logic.class"), "logic bytes");
        DriverArtifact directory = DriverArtifact.library("com.acme:logic:1.0", reactor.getParent().getParent().getParent(),
                project);
        assertEquals(DriverArtifact.CLASSES_DIRECTORY, directory.kind());
        assertEquals(DriverArtifact.directorySha256(reactor.getParent().getParent().getParent()), directory.sha256());
        assertNull(DriverArtifact.library("com.acme:gone:1.0", project.resolve("repo/gone-1.0.jar"), project));
    }

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

    private static final Map<String, String> PARAMETERS = Map.of("fabric-tck.repeat", "1", "fabric-tck.forkTimeout", "600");

    /** Writes the reports of {@code r} into {@code out} and returns their certificate, as the plugin does. */
    private Certificate issue(Path out, Result r, List<DriverArtifact> artifacts) throws IOException {
        return issue(out, r, artifacts, null);
    }

    private Certificate issue(Path out, Result r, List<DriverArtifact> artifacts, Map<String, String> configured)
            throws IOException {
        ReportFiles.writeAll(r, out, Fixtures.catalog());
        Path resultFile = out.resolve(ResultJson.FILE_NAME);
        return Certificate.of(ResultJson.read(resultFile), Fixtures.catalog(), artifacts, PARAMETERS, configured,
                DriverArtifact.fileSha256(resultFile));
    }

    @Test
    void theCertificateRecordsWhatTheRunCertifies() throws IOException {
        Path out = project.resolve("target/fabric-tck");
        DriverArtifact module = DriverArtifact.of("com.acme:acme-adapter", null, classes(), project);
        Path coreJar = jar("repo/acme-core-1.0.jar", "com/acme/core/Queue.class");
        DriverArtifact core = DriverArtifact.library("com.acme:acme-core:1.0", coreJar, project);

        Certificate c = issue(out, Fixtures.certifiable(Map.of("fabric-tck.windowTimeout", "60",
                "fabric-tck.instrument.locations", "/abs/target/classes", "fabric-tck.instrument.packages", "com.acme.core",
                "fabric-tck.phaseStep", "5")), List.of(module, core));

        assertTrue(c.certified(), c.reasons().toString());
        assertEquals("certified", c.standing());
        assertEquals(List.of("CQ-1", "CQ-2", "CS-1", "HS-2"), c.catalog());
        assertEquals(Certificate.catalogSha256(Fixtures.catalog()), c.catalogSha256());
        assertEquals(List.of("completion-queue"), c.families());
        assertEquals(List.of("CQ-1", "CQ-2", "CS-1", "HS-2"), c.selected());
        // every setting in effect, defaults filled in; the classes directory's path is the machine's, not a setting
        assertEquals("5", c.settings().get("fabric-tck.phaseStep"));
        assertEquals("8", c.settings().get("fabric-tck.peers"));
        assertEquals("1", c.settings().get("fabric-tck.repeat"));
        assertEquals("com.acme.core", c.settings().get("fabric-tck.instrument.packages"));
        assertFalse(c.settings().containsKey("fabric-tck.instrument.locations"));
        assertEquals(List.of(module, core), c.artifacts());
        assertEquals("repo/acme-core-1.0.jar", core.path());
        assertEquals(List.of(new Certificate.Verdict("CQ-1", "a", Outcome.PASS), new Certificate.Verdict("CQ-1", "b", Outcome.PASS),
                new Certificate.Verdict("CQ-2", null, Outcome.PASS), new Certificate.Verdict("CS-1", null, Outcome.NOT_APPLICABLE),
                new Certificate.Verdict("HS-2", null, Outcome.NOT_APPLICABLE)), c.verdicts());

    }

    @Test
    void anAdapterRunsCertificateNamesTheAdapterAndTheJarItJudgedAndSeesAnEdit() throws IOException {
        Path out = project.resolve("target/fabric-tck");
        Result adapted = Fixtures.withAdapters(Fixtures.certifiable(Map.of()), List.of(Fixtures.DISNI));
        Certificate c = issue(out, adapted, List.of(DriverArtifact.of("com.acme:a", null, classes(), project)));
        assertEquals(List.of(Fixtures.DISNI), c.adapters());
        assertEquals(List.of(Fixtures.DISNI.sentence()), c.adapterLines());
        assertTrue(c.adapterLines().get(0).endsWith("and judged disni-2.1.jar sha256 ab12"), c.adapterLines().toString());
        assertTrue(Files.readString(out.resolve(ReportFiles.SUMMARY_FILE_NAME)).contains("- adapter "
                + "io.github.fabrictck.adapters.disni.DisniAdapter declares com.ibm.disni:disni:2.1 (packages com.ibm.disni."),
                Files.readString(out.resolve(ReportFiles.SUMMARY_FILE_NAME)));
        assertTrue(Files.readString(out.resolve(HtmlReport.FILE_NAME)).contains("<section id=\"adapters\">"));
        assertNull(c.adapterProblem(adapted));

        // a certificate that names another declaration than its result, or none, is refused
        Result.AdapterDeclaration lite = new Result.AdapterDeclaration(Fixtures.DISNI.adapterClass(),
                Fixtures.DISNI.library(), Fixtures.DISNI.packages(), Fixtures.DISNI.boundaryTypes(),
                List.of("com.ibm.disni.verbs."), Fixtures.DISNI.replacedPackages(), Fixtures.DISNI.stubs(),
                Fixtures.DISNI.sources());
        Result hidden = Fixtures.withAdapters(adapted, List.of(lite));
        assertTrue(c.adapterProblem(hidden).startsWith("The certificate names [adapter io.github.fabrictck.adapters."
                + "disni.DisniAdapter declares"), c.adapterProblem(hidden));
        assertTrue(c.adapterProblem(Fixtures.withAdapters(adapted, List.of())).endsWith("but its result records no "
                + "adapter: the certificate was changed after the run; run fabric-tck:run again."));
        // a re-run over another jar, or with another declaration, does not reproduce the certificate
        Certificate again = Certificate.of(hidden, Fixtures.catalog(), c.artifacts(), PARAMETERS, null, c.resultSha256());
        assertTrue(c.differences(again).stream().anyMatch(d -> d.startsWith("the adapters: [adapter ")),
                c.differences(again).toString());
        // the same jar from another local repository is the same library
        Result elsewhere = Fixtures.withAdapters(adapted, List.of(new Result.AdapterDeclaration(lite.adapterClass(),
                lite.library(), lite.packages(), lite.boundaryTypes(), Fixtures.DISNI.environmentPackages(),
                lite.replacedPackages(), lite.stubs(), List.of(new Result.Source("/other/disni-2.1.jar", "ab12")))));
        assertEquals(List.of(), c.differences(Certificate.of(elsewhere, Fixtures.catalog(), c.artifacts(), PARAMETERS,
                null, c.resultSha256())));
    }

    @Test
    void aCertificateBindsTheNativesAnAdapterRedirects() throws IOException {
        Path out = project.resolve("target/fabric-tck");
        Result adapted = Fixtures.withAdapters(Fixtures.certifiable(Map.of()), List.of(Fixtures.NETTY));
        Certificate c = issue(out, adapted, List.of(DriverArtifact.of("com.acme:a", null, classes(), project)));
        assertEquals(List.of(Fixtures.NETTY), c.adapters());
        assertTrue(c.adapterLines().get(0).contains("; 2 redirects;"), c.adapterLines().toString());
        assertNull(c.adapterProblem(adapted));
        // one native class fewer answered by the environment is another simulation: refused, and not reproduced
        java.util.TreeMap<String, String> fewer = new java.util.TreeMap<>(Fixtures.NETTY.redirects());
        fewer.remove("io.netty.channel.unix.FileDescriptor");
        Result.AdapterDeclaration less = new Result.AdapterDeclaration(Fixtures.NETTY.adapterClass(),
                Fixtures.NETTY.library(), Fixtures.NETTY.packages(), Fixtures.NETTY.boundaryTypes(),
                Fixtures.NETTY.environmentPackages(), Fixtures.NETTY.replacedPackages(), Fixtures.NETTY.stubs(),
                Fixtures.NETTY.sources(), fewer);
        Result changed = Fixtures.withAdapters(adapted, List.of(less));
        assertTrue(c.adapterProblem(changed) != null, "a certificate whose redirects differ from its result's");
        Certificate again = Certificate.of(changed, Fixtures.catalog(), c.artifacts(), PARAMETERS, null, c.resultSha256());
        assertTrue(c.differences(again).stream().anyMatch(d -> d.startsWith("the adapters: [adapter ")),
                c.differences(again).toString());
    }

    @Test
    void aQuickRunSaysItIsNotACertification() throws IOException {
        Path out = project.resolve("target/fabric-tck");
        Result quick = Fixtures.withRun(Fixtures.result(true, Fixtures.window("CQ-2", null, Outcome.PASS, null)),
                List.of("completion-queue"), List.of("CQ-2"), List.of(), Map.of());
        Certificate c = issue(out, quick, List.of(DriverArtifact.of("com.acme:a", null, classes(), project)));
        assertFalse(c.certified());
        assertEquals("passed 1 of the selected windows — not a certification", c.standing());
        assertEquals(List.of("the selection leaves out CQ-1 of the declared family completion-queue"), c.reasons());
        assertTrue(Files.readString(out.resolve(ReportFiles.SUMMARY_FILE_NAME))
                .startsWith("## Fabric TCK: sample 1.0.0: passed 1 of the selected windows — not a certification\n"));
        assertTrue(Files.readString(out.resolve(HtmlReport.FILE_NAME))
                .contains("<h1>Fabric TCK report: passed 1 of the selected windows — not a certification</h1>"));
    }

    @Test
    void settingsTheForkDidNotGetFromThePluginAreNotACertification() throws IOException {
        Path out = project.resolve("target/fabric-tck");
        Result r = Fixtures.certifiable(Map.of("fabric-tck.windowTimeout", "60", "fabric-tck.setupBound", "5"));
        Map<String, String> configured = Settings.effective(Map.of("fabric-tck.windowTimeout", "60",
                "fabric-tck.repeat", "1", "fabric-tck.forkTimeout", "600"));
        Certificate c = issue(out, r, List.of(), configured);
        assertEquals(List.of("the fork ran with fabric-tck.setupBound=5, but the build configures 10"), c.reasons());
    }

    @Test
    void verifyNamesEveryChangedArtifactTheResultAndTheConfiguration() throws IOException {
        Path out = project.resolve("target/fabric-tck");
        Path classes = classes();
        Path adapterJar = Files.writeString(project.resolve("target/acme-1.0.jar"), "jar bytes");
        Path coreJar = jar("repo/acme-core-1.0.jar", "com/acme/core/Queue.class");
        DriverArtifact module = DriverArtifact.of("com.acme:acme", adapterJar, classes, project);
        DriverArtifact core = DriverArtifact.library("com.acme:acme-core:1.0", coreJar, project);
        Certificate c = issue(out, Fixtures.certifiable(Map.of("fabric-tck.windowTimeout", "60")), List.of(module, core));
        String resultNow = DriverArtifact.fileSha256(out.resolve(ResultJson.FILE_NAME));
        Certificate.Configuration same = new Certificate.Configuration(null, c.selected(), List.of(),
                Settings.effective(Map.of("fabric-tck.windowTimeout", "60", "fabric-tck.repeat", "1",
                        "fabric-tck.forkTimeout", "600")));

        assertEquals(List.of(), c.problems(List.of(module, core), resultNow, same));
        // verify run alone (no lifecycle): the project has no main artifact file; the recorded path is hashed
        assertEquals(List.of(), c.problems(List.of(DriverArtifact.now(module, null, project), core), resultNow, same));

        String before = core.sha256();
        jar("repo/acme-core-1.0.jar", "com/acme/core/Queue.class", "com/acme/core/Planted.class");
        DriverArtifact swapped = DriverArtifact.library("com.acme:acme-core:1.0", coreJar, project);
        assertEquals(List.of("The dependency com.acme:acme-core:1.0 (acme-core-1.0.jar) changed since the Fabric "
                        + "TCK run (sha256 " + before + " at run, " + swapped.sha256() + " now, repo/acme-core-1.0.jar): "
                        + "run fabric-tck:run again."),
                c.problems(List.of(module, swapped), resultNow, same));
        assertEquals(List.of("The dependency com.acme:acme-core:1.0 (acme-core-1.0.jar) is gone since the Fabric "
                + "TCK run: run fabric-tck:run again."), c.problems(List.of(module), resultNow, same));

        Files.writeString(adapterJar, "patched jar bytes");
        assertEquals(List.of("The driver artifact (jar target/acme-1.0.jar) changed since the Fabric TCK run (sha256 "
                        + module.sha256() + " at run, " + DriverArtifact.fileSha256(adapterJar)
                        + " now, target/acme-1.0.jar): run fabric-tck:run again.",
                "The Fabric TCK result changed since the run wrote its certificate (sha256 " + resultNow + " at run, "
                        + "0".repeat(64) + " now): run fabric-tck:run again."),
                c.problems(List.of(DriverArtifact.now(module, adapterJar, project), core), "0".repeat(64), same));

        // another driver's result, or the same one under other settings or windows
        Certificate.Configuration other = new Certificate.Configuration("broken-cq-1", List.of("CQ-1"), List.of(),
                Settings.effective(Map.of("fabric-tck.windowTimeout", "60", "fabric-tck.repeat", "1",
                        "fabric-tck.forkTimeout", "600", "fabric-tck.phaseStep", "5")));
        assertEquals(List.of("The result is of driver sample, but the build configures fabric-tck.driver=broken-cq-1: "
                        + "run fabric-tck:run again.",
                "The result ran windows CQ-1,CQ-2,CS-1,HS-2, but the build selects CQ-1: run fabric-tck:run again.",
                "The result was made with fabric-tck.phaseStep=10, but the build configures 5: run fabric-tck:run again."),
                c.problems(List.of(module, core), resultNow, other));
    }

    @Test
    void aReRunIsComparedVerdictByVerdict() throws IOException {
        Path out = project.resolve("target/fabric-tck");
        Certificate c = issue(out, Fixtures.certifiable(Map.of()), List.of());
        assertEquals(List.of(), c.differences(c));
        Result failing = Fixtures.withRun(Fixtures.result(true, Fixtures.window("CQ-1", "a", Outcome.PASS, null),
                        Fixtures.window("CQ-1", "b", Outcome.FAIL, "lost"), Fixtures.window("CQ-2", null, Outcome.PASS, null),
                        Fixtures.window("CS-1", null, Outcome.NOT_APPLICABLE, "not declared")),
                List.of("completion-queue"), List.of("CQ-1", "CQ-2", "CS-1", "HS-2"), List.of(), Map.of());
        Certificate again = Certificate.of(failing, Fixtures.catalog(), List.of(), PARAMETERS, null, "ab");
        assertEquals(List.of("CQ-1/b was PASS and is FAIL in the re-run", "HS-2 was NOT_APPLICABLE and has no verdict in the re-run",
                "whether it certifies: true in the certificate, false in the re-run"), c.differences(again));
    }
}
