package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** #27, the build's environment: what can put code ahead of the kit's agent is refused; the rest is recorded. */
class ForkEnvironmentTest {

    @TempDir
    Path dir;

    @Test
    void anAgentInAJvmOptionVariableIsRefusedNamingTheVariable() {
        List<String> problems = ForkEnvironment.problems(Map.of("JAVA_TOOL_OPTIONS", "-Xmx1g -javaagent:/tmp/forge.jar",
                "_JAVA_OPTIONS", "-Xbootclasspath/a:/tmp/x.jar", "JDK_JAVA_OPTIONS", "-Dfile.encoding=UTF-8"));
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("The environment variable JAVA_TOOL_OPTIONS has -javaagent:/tmp/forge.jar"),
                problems.get(0));
        assertTrue(problems.get(1).contains("_JAVA_OPTIONS has -Xbootclasspath/a:/tmp/x.jar"), problems.get(1));
        assertEquals(Map.of("JAVA_TOOL_OPTIONS", "-Xmx1g -javaagent:/tmp/forge.jar", "_JAVA_OPTIONS",
                "-Xbootclasspath/a:/tmp/x.jar", "JDK_JAVA_OPTIONS", "-Dfile.encoding=UTF-8"),
                ForkEnvironment.jvmOptions(Map.of("JAVA_TOOL_OPTIONS", "-Xmx1g -javaagent:/tmp/forge.jar",
                        "_JAVA_OPTIONS", "-Xbootclasspath/a:/tmp/x.jar", "JDK_JAVA_OPTIONS", "-Dfile.encoding=UTF-8",
                        "PATH", "/usr/bin")));
    }

    @Test
    void aNativePreloadIsRefusedAndRecorded() {
        Map<String, String> env = Map.of("LD_PRELOAD", "/tmp/libforge.so", "PATH", "/usr/bin");
        List<String> problems = ForkEnvironment.problems(env);
        assertEquals(List.of("The environment variable LD_PRELOAD=/tmp/libforge.so would load native code into the fork "
                + "before its JVM starts, ahead of the kit; the kit refuses to fork: unset LD_PRELOAD for the Fabric TCK "
                + "run."), problems);
        assertEquals(Map.of("LD_PRELOAD", "/tmp/libforge.so"), ForkEnvironment.jvmOptions(env));
    }

    @Test
    void anAttachToMavensJvmDuringTheRunIsNamed() {
        assertTrue(MavenJvm.attachedDuringRun(false, true).startsWith("a process attached to Maven's JVM while the fork ran"));
        assertNull(MavenJvm.attachedDuringRun(false, false));
        assertNull(MavenJvm.attachedDuringRun(true, true), "attached before the fork: the kit cannot tell when");
    }

    @Test
    void aWrapperScriptIsNoJvm() throws Exception {
        Path wrapper = dir.resolve("java");
        Files.writeString(wrapper, "#!/bin/sh\nexec /usr/bin/java -javaagent:/tmp/forge.jar \"$@\"\n");
        wrapper.toFile().setExecutable(true);
        String problem = ForkEnvironment.javaProblem(wrapper);
        assertTrue(problem.startsWith("fabric-tck.jvm=" + wrapper + " is a script, not a java executable"), problem);
        Path lone = dir.resolve("bin").resolve("java");
        Files.createDirectories(lone.getParent());
        Files.write(lone, new byte[] {0x7f, 'E', 'L', 'F'});
        assertTrue(ForkEnvironment.javaProblem(lone).contains("is not the java of a JDK"));
        assertNull(ForkEnvironment.javaProblem(ForkCommand.currentJvm()));
    }

    @Test
    void changesToTheBuildsConfigurationDuringTheRunAreNamed() throws Exception {
        Files.createDirectories(dir.resolve(".mvn"));
        Files.writeString(dir.resolve(".mvn/jvm.config"), "-Xmx1g\n");
        SortedMap<String, String> before = ForkEnvironment.mavenConfig(dir);
        assertEquals(List.of(".mvn/jvm.config"), List.copyOf(before.keySet()));
        Files.writeString(dir.resolve(".mvn/jvm.config"), "-Xmx1g -javaagent:/tmp/forge.jar\n");
        Files.writeString(dir.resolve(".mvn/maven.config"), "-Dfabric-tck.jvm=/tmp/java\n");
        List<String> changes = ForkEnvironment.changedDuringRun("the build's configuration file", before,
                ForkEnvironment.mavenConfig(dir));
        assertEquals(2, changes.size(), changes.toString());
        assertTrue(changes.get(0).startsWith("the build's configuration file .mvn/jvm.config changed while the fork ran"));
        assertTrue(changes.get(1).startsWith("the build's configuration file .mvn/maven.config appeared while the fork ran"));
        assertTrue(ForkEnvironment.mavenConfig(dir.resolve("none")).isEmpty());
    }

    @Test
    void theForksAgentsAreNamedByFile() {
        assertEquals(List.of("fabric-tck-0.1.0.jar"), RunMojo.agents(List.of("/usr/bin/java", "-Xmx1g",
                "-javaagent:/m2/fabric-tck-0.1.0.jar=/a.jar:/b.jar", "-cp", "/m2/fabric-tck-0.1.0.jar")));
    }
}
