package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreflightTest {

    @TempDir
    Path dir;

    private Path classesListing(String... drivers) throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path services = classes.resolve(Preflight.SERVICES);
        Files.createDirectories(services.getParent());
        Files.writeString(services, "# drivers\n" + String.join("\n", drivers) + "\n");
        return classes;
    }

    private Path jarListing(String driver) throws IOException {
        Path jar = dir.resolve("driver.jar");
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry(Preflight.SERVICES));
            zip.write((driver + "\n").getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        return jar;
    }

    @Test
    void aReplayFileThatIsNotThereEndsTheBuildInOneSentence() throws IOException {
        RunConfiguration missing = new RunConfiguration(null, "CQ-X", null, "1", "60", "600",
                "-Dfabric-tck.replay=target/fabric-tck/schedule-CQ-X-explore.txt", null);
        assertEquals("fabric-tck.replay=target/fabric-tck/schedule-CQ-X-explore.txt names no file (a relative path is "
                + "read from the project's base directory " + dir + ", which makes it "
                + dir.resolve("target/fabric-tck/schedule-CQ-X-explore.txt") + "): give the path of a schedule file an "
                + "exploration wrote (schedule-CQ-X-explore.txt in the output directory).", Preflight.replay(missing, dir));
        // given on Maven's command line, the setting joins the argLine the same way
        RunConfiguration fromMaven = new RunConfiguration(null, null, null, "1", "60", "600",
                ConfiguredRunMojo.withForkSettings(null, java.util.Map.of("fabric-tck.replay", "/nowhere/s.txt")), null);
        assertTrue(Preflight.replay(fromMaven, dir).startsWith("fabric-tck.replay=/nowhere/s.txt names no file: "),
                Preflight.replay(fromMaven, dir));
        Files.createDirectories(dir.resolve("target/fabric-tck"));
        Files.writeString(dir.resolve("target/fabric-tck/schedule-CQ-X-explore.txt"), new io.github.fabrictck.explore
                .Schedule("CQ-X/explore", "pct", 3, "1", "d 1", "x: y", List.of("app")).text());
        assertNull(Preflight.replay(missing, dir));
        assertNull(Preflight.replay(new RunConfiguration(null, null, null, "1", "60", "600", null, null), dir));
    }

    @Test
    void anOutputDirectoryUnderAFileCannotBeWritten() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        String sentence = Preflight.outputDirectory(file.resolve("out"));
        assertTrue(sentence.startsWith("The output directory " + file.resolve("out") + " cannot be written: "), sentence);
        assertNull(Preflight.outputDirectory(dir.resolve("fabric-tck")));
    }

    @Test
    void driversAreCountedFromServiceFilesWithoutLoadingThem() throws IOException {
        Path classes = classesListing("com.example.A", "com.example.B  # the second");
        Path jar = jarListing("com.example.C");
        assertEquals(List.of("com.example.A", "com.example.B"), Preflight.listedDrivers(classes));
        assertEquals(List.of("com.example.C"), Preflight.listedDrivers(jar));
        assertEquals("3 drivers found (com.example.A, com.example.B, com.example.C): choose one with "
                + "-Dfabric-tck.driver=NAME.", Preflight.drivers(List.of(classes.toString(), jar.toString()), null));
        assertNull(Preflight.drivers(List.of(classes.toString(), jar.toString()), "b"));
        assertNull(Preflight.drivers(List.of(jar.toString()), null));
        assertEquals("No Fabric TCK driver found on the class path: list your implementation of io.github.fabrictck.spi."
                + "Driver in META-INF/services/io.github.fabrictck.spi.Driver.",
                Preflight.drivers(List.of(dir.resolve("missing").toString()), null));
    }

    @Test
    void theSpiMustMatchInMajorAndMinorVersion() {
        assertNull(Preflight.spi("0.1.0-SNAPSHOT", "0.1.0-SNAPSHOT"));
        assertNull(Preflight.spi("0.1.3", "0.1.0-SNAPSHOT"));
        assertEquals("The driver is built against fabric-tck-spi 0.0.1, but this kit needs fabric-tck-spi 0.1.x: "
                + "rebuild the driver against io.github.fabrictck:fabric-tck-spi:0.1.0-SNAPSHOT.",
                Preflight.spi("0.0.1", "0.1.0-SNAPSHOT"));
        assertTrue(Preflight.spi(null, "0.1.0").startsWith("The project does not depend on io.github.fabrictck:fabric-tck-spi"));
    }

    @Test
    void sourcesWithoutClassesMeanCompileFirst() throws IOException {
        Path classes = dir.resolve("target/classes");
        Path sources = Files.createDirectories(dir.resolve("src/main/java/com/acme"));
        Path resources = dir.resolve("src/main/resources");
        assertNull(Preflight.compiled(classes, List.of(sources.getParent().getParent().toString(), resources.toString())),
                "no sources: nothing to compile, the driver may come from a jar");
        Files.writeString(sources.resolve("Driver.java"), "class Driver {}");
        String root = dir.resolve("src/main/java").toString();
        assertEquals("The module's classes are not compiled (" + classes + " is missing, but " + root + " has sources): "
                + "compile first (run `mvn verify`, not the goal alone).", Preflight.compiled(classes, List.of(root)));
        Files.createDirectories(classes);
        assertTrue(Preflight.compiled(classes, List.of(root)).contains(classes + " is empty"));
        Files.writeString(classes.resolve("Driver.class"), "x");
        assertNull(Preflight.compiled(classes, List.of(root)));
    }

    @Test
    void windowIdsAndFamiliesAreCheckedAgainstTheCatalog() {
        assertNull(Preflight.windows("CQ-1/a, completion-queue", "CQ-4/teardown", false));
        assertTrue(Preflight.windows("CQ-1/z", null, false).startsWith("Unknown window id CQ-1/z in -Dfabric-tck.windows: CQ-1 has "
                + "the variants CQ-1/a"));
        assertTrue(Preflight.windows("CQ-0", null, false).startsWith("Unknown window id CQ-0 in -Dfabric-tck.windows"));
        assertTrue(Preflight.windows(null, "XX", false).startsWith("Unknown window id XX in -Dfabric-tck.excludeWindows"));
    }

    @Test
    void theExplorationWindowsExistWhenTheRunExploresWhereverExploreWasGiven() {
        // -Dfabric-tck.explore in the argLine (a POM execution's only way) counts as much as on Maven's command line
        assertTrue(Preflight.windows("CQ-X", null, false).startsWith("Unknown window id CQ-X"));
        assertNull(Preflight.windows("CQ-X", null, true));
    }
}
