package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DefaultArtifact;
import org.apache.maven.artifact.handler.DefaultArtifactHandler;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which artifacts the certificate binds: every one of the runtime class path but the kit's (review attack a3). */
class DriverArtifactsTest {

    @TempDir
    Path dir;

    private Artifact artifact(String groupId, String artifactId, String version, String scope, Path file) {
        DefaultArtifactHandler jar = new DefaultArtifactHandler("jar");
        jar.setAddedToClasspath(true);
        DefaultArtifact a = new DefaultArtifact(groupId, artifactId, version, scope, "jar", null, jar);
        a.setFile(file.toFile());
        return a;
    }

    private Path jar(String name, String bytes) throws IOException {
        Path f = dir.resolve("repo").resolve(name);
        Files.createDirectories(f.getParent());
        return Files.writeString(f, bytes);
    }

    private RunMojo mojo(Set<Artifact> dependencies, List<Artifact> plugin) throws IOException {
        Path base = Files.createDirectories(dir.resolve("thin"));
        Path classes = Files.createDirectories(base.resolve("target/classes/com/acme/thin"));
        Files.writeString(classes.resolve("ThinDriver.class"), "forwards to acme-logic");
        MavenProject project = new MavenProject();
        project.setGroupId("com.acme");
        project.setArtifactId("thin");
        project.setVersion("1.0");
        project.setFile(base.resolve("pom.xml").toFile());
        project.getBuild().setOutputDirectory(base.resolve("target/classes").toString());
        project.setArtifacts(dependencies);
        RunMojo mojo = new RunMojo();
        mojo.project = project;
        mojo.classesDirectory = base.resolve("target/classes").toFile();
        mojo.pluginArtifacts = plugin;
        return mojo;
    }

    @Test
    void aModuleThatForwardsToALibraryBindsTheLibraryAndVerifyNamesItWhenSwapped() throws Exception {
        Path logic = jar("acme-logic-1.0.jar", "the compliant logic");
        Path spi = jar("fabric-tck-spi-0.1.0.jar", "the kit's SPI");
        Path junit = jar("junit-5.jar", "tests only");
        Path servlet = jar("servlet-api-4.jar", "provided by the container");
        Path squatter = jar("fabric-tck-logic-1.0.jar", "a vendor's library under the kit's group");
        Set<Artifact> dependencies = new LinkedHashSet<>(List.of(
                artifact("com.acme", "acme-logic", "1.0", Artifact.SCOPE_COMPILE, logic),
                artifact("io.github.fabrictck", "fabric-tck-spi", "0.1.0", Artifact.SCOPE_COMPILE, spi),
                artifact("org.junit", "junit", "5", Artifact.SCOPE_TEST, junit),
                artifact("javax.servlet", "servlet-api", "4", Artifact.SCOPE_PROVIDED, servlet),
                artifact("io.github.fabrictck", "fabric-tck-logic", "1.0", Artifact.SCOPE_RUNTIME, squatter)));
        List<Artifact> plugin = List.of(artifact("io.github.fabrictck", "fabric-tck-spi", "0.1.0", null, spi));
        RunMojo mojo = mojo(dependencies, plugin);

        List<DriverArtifact> bound = mojo.driverArtifacts();
        assertEquals(List.of("com.acme:thin:1.0", "com.acme:acme-logic:1.0", "io.github.fabrictck:fabric-tck-logic:1.0"),
                bound.stream().map(DriverArtifact::id).toList(), "the runtime class path but the kit's own");
        assertEquals(DriverArtifact.fileSha256(logic), bound.get(1).sha256());
        assertEquals(DriverArtifact.DEPENDENCY, bound.get(1).role());

        Certificate c = new Certificate(false, List.of("quick"), "passed 0", "0.1.0", List.of(), "0", null, List.of(),
                List.of(), List.of(), new TreeMap<>(), new Result.JvmInfo("17", "x"), bound, "r", true, List.of());
        assertEquals(List.of(), c.artifactProblems(mojo.artifactsNow(c)));
        // reinstalled with a broken implementation: the same coordinates, other bytes
        Files.writeString(logic, "EqualTimeoutsSetup");
        List<String> problems = c.artifactProblems(mojo.artifactsNow(c));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("The dependency com.acme:acme-logic:1.0 (acme-logic-1.0.jar) changed since "
                + "the Fabric TCK run (sha256 " + bound.get(1).sha256() + " at run, "), problems.get(0));
        assertTrue(problems.get(0).endsWith(logic + "): run fabric-tck:run again."), problems.get(0));
        // another version in its place: the certified one is gone, the new one is not in the certificate
        dependencies.removeIf(a -> a.getArtifactId().equals("acme-logic"));
        dependencies.add(artifact("com.acme", "acme-logic", "1.1", Artifact.SCOPE_COMPILE, jar("acme-logic-1.1.jar", "x")));
        assertEquals(List.of("The dependency com.acme:acme-logic:1.0 (acme-logic-1.0.jar) is gone since the Fabric TCK "
                        + "run: run fabric-tck:run again.",
                "The dependency com.acme:acme-logic:1.1 (acme-logic-1.1.jar) is on the driver's class path now but the "
                        + "certificate does not name it: run fabric-tck:run again."),
                c.artifactProblems(mojo(dependencies, plugin).artifactsNow(c)));
    }

    @Test
    void theKitsOwnIsTheFileThePluginRunsFromOrTheSameBytesUnderTheKitsCoordinates() throws IOException {
        Path spi = jar("fabric-tck-spi-0.1.0.jar", "the kit's SPI");
        Path bytebuddy = jar("byte-buddy-1.14.jar", "brought by the kit");
        List<Artifact> plugin = List.of(artifact("io.github.fabrictck", "fabric-tck-spi", "0.1.0", null, spi),
                artifact("net.bytebuddy", "byte-buddy", "1.14", null, bytebuddy));
        assertTrue(ConfiguredRunMojo.kitOwn(artifact("net.bytebuddy", "byte-buddy", "1.14", "compile", bytebuddy), plugin));
        // the kit's SPI as another file with the same bytes (a second repository): the kit's own
        assertTrue(ConfiguredRunMojo.kitOwn(artifact("io.github.fabrictck", "fabric-tck-spi", "0.1.0", "compile",
                jar("copied-spi.jar", "the kit's SPI")), plugin));
        // a vendor module under the kit's coordinates with classes of its own: bound, whatever it is called
        assertFalse(ConfiguredRunMojo.kitOwn(artifact("io.github.fabrictck", "fabric-tck-spi", "0.1.0", "compile",
                jar("reactor-spi.jar", "the SPI plus com.acme.logic.Logic")), plugin));
        assertFalse(ConfiguredRunMojo.kitOwn(artifact("io.github.fabrictck", "fabric-tck-spi", "0.0.9", "compile",
                jar("old-spi.jar", "another version")), plugin));
        assertFalse(ConfiguredRunMojo.kitOwn(artifact("net.bytebuddy", "byte-buddy", "1.14", "compile",
                jar("patched-byte-buddy.jar", "the driver's own copy")), plugin));
        assertFalse(ConfiguredRunMojo.kitOwn(artifact("com.acme", "acme-logic", "1.0", "compile", spi), List.of()));
    }
}
