package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.Settings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunConfigurationTest {

    private static RunConfiguration config(String repeat, String windowTimeout, String forkTimeout, String argLine,
                                           String packages) {
        return new RunConfiguration(null, null, null, repeat, windowTimeout, forkTimeout, argLine, packages);
    }

    @Test
    void defaultsAreInRange() {
        assertEquals(List.of(), config("1", "60", "600", null, null).problems(null));
        assertNull(Preflight.settings(config(null, null, null, null, null), null));
    }

    @Test
    void everySettingOutOfRangeIsOneSentenceBeforeTheFork() {
        RunConfiguration bad = config("0", "0", "-1",
                "-Xmx1g -Dfabric-tck.peers=abc -Dfabric-tck.setupBound=0 -Dfabric-tck.phaseStep=300", "com.acme, 1bad");
        assertEquals(List.of(
                "fabric-tck.repeat=0 is outside its range: a whole number of runs from 1 to 1000 (default 1).",
                "fabric-tck.windowTimeout=0 is outside its range: a whole number of seconds from 1 to 3600 (default 60).",
                "fabric-tck.forkTimeout=-1 is outside its range: a whole number of seconds from 1 to 86400 (default 600).",
                "fabric-tck.peers=abc is outside its range: a whole number of peers from 2 to 128 (default 8).",
                "fabric-tck.setupBound=0 is outside its range: a whole number of virtual seconds from 1 to 600 (default 10).",
                "fabric-tck.instrumentPackages names 1bad, which is not a Java package name: give a comma list such as "
                        + "com.acme.core,com.acme.util.",
                "fabric-tck.jvm=/no/such/java is not an executable file: give the path of a java executable, for example "
                        + "$JAVA_HOME/bin/java."),
                bad.problems(Path.of("/no/such/java")));
        assertEquals("fabric-tck.argLine=-Dfabric-tck.peers=\"8 has an unclosed \" quote: close it, or escape it with a "
                + "backslash.", Preflight.settings(config(null, null, null, "-Dfabric-tck.peers=\"8", null), null));
    }

    @Test
    void anArgLineThatLoadsCodeOutsideTheKitIsRefusedBeforeTheFork() {
        // an agent ahead of the kit's could read the launcher's channel and answer for it (review b4)
        for (String arg : List.of("-javaagent:forge.jar=result.json", "-agentpath:/x.so", "-agentlib:jdwp=transport=dt_socket",
                "-Xbootclasspath/a:x.jar", "@args.txt", "-XX:VMOptionsFile=opts", "-Djava.system.class.loader=Forge",
                "-cp", "--patch-module=java.base=x")) {
            List<String> problems = config(null, null, null, "-Xmx1g " + arg, null).problems(null);
            assertEquals(1, problems.size(), arg + ": " + problems);
            assertEquals("fabric-tck.argLine has " + arg + ", which would put code outside the kit into the fork ahead "
                    + "of the kit's agent, where it could answer for the launcher; the kit refuses it: run agents, class "
                    + "paths and argument files outside a Fabric TCK run.", problems.get(0));
        }
        assertEquals(List.of(), config(null, null, null, "-Xmx1g -ea -XX:+UseSerialGC -Dcom.acme.cp=1", null)
                .problems(null));
    }

    @Test
    void theForkReportsTheArgLineTheTimeoutAndThePackages() {
        RunConfiguration c = config("3", "90", "1200", "-ea -Dfabric-tck.phaseStep=5 '-Dfabric-tck.debug'", " com.acme ,x.y");
        assertEquals(Map.of("fabric-tck.phaseStep", "5", "fabric-tck.debug", "", "fabric-tck.windowTimeout", "90",
                "fabric-tck.instrument.packages", "com.acme,x.y"), c.forkSettings());
        assertEquals(Map.of("fabric-tck.repeat", "3", "fabric-tck.forkTimeout", "1200", "fabric-tck.argLine", "-ea"),
                c.parameters());
        assertEquals("5", c.effective().get("fabric-tck.phaseStep"));
        assertEquals("3", c.effective().get("fabric-tck.repeat"));
    }

    @Test
    void aCertificatesConfigurationRunsAgainWithEverySettingItRecords() {
        RunConfiguration original = config("2", "90", "1200", "-Dfabric-tck.phaseStep=5 -Dfabric-tck.peers=16", "com.acme");
        Certificate c = new Certificate(false, List.of("x"), "s", "0.1.0", List.of("CQ-1", "CQ-2", "HS-1"), "d",
                new Result.DriverInfo("sample", "1"), List.of("completion-queue"), List.of("CQ-1", "CQ-2"),
                List.of("HS"), original.effective(), null, List.of(), "r", true, List.of());
        RunConfiguration again = RunConfiguration.of(c);
        assertEquals("sample", again.driver());
        assertEquals("CQ-1,CQ-2", again.windows());
        assertEquals("HS", again.excludeWindows());
        assertEquals(original.effective(), again.effective());
        assertEquals(List.of(), again.problems(null));
        assertEquals(Settings.forkProperties().size(), again.argLineProperties().size());
    }

    @Test
    void theArgLinesOtherArgumentsAreRecordedRunAgainAndAnotherBuildIsRefused() {
        // review 3: -Dr3.bytes=true switched a driver's hiding on, and a certificate without it still verified
        RunConfiguration run = config(null, null, null,
                "-ea -Dfabric-tck.phaseStep=5 \"-Dr3.envpkg=r3 none.\" -Dr3.bytes=true", null);
        assertEquals("-ea \"-Dr3.envpkg=r3 none.\" -Dr3.bytes=true", run.parameters().get("fabric-tck.argLine"));
        Certificate c = new Certificate(false, List.of("x"), "s", "0.1.0", List.of("CQ-1", "CQ-2", "HS-1"), "d",
                new Result.DriverInfo("sample", "1"), List.of("completion-queue"), List.of("CQ-1", "CQ-2"),
                List.of("HS"), run.effective(), null, List.of(), "r", true, List.of());
        RunConfiguration again = RunConfiguration.of(c);
        assertEquals(run.effective(), again.effective());
        assertTrue(ForkCommand.split(again.argLine()).containsAll(List.of("-ea", "-Dr3.envpkg=r3 none.", "-Dr3.bytes=true")),
                again.argLine());
        RunConfiguration plain = config(null, null, null, "-Dfabric-tck.phaseStep=5", null);
        assertEquals(List.of("The result was made with fabric-tck.argLine=-ea \"-Dr3.envpkg=r3 none.\" -Dr3.bytes=true, "
                + "but the build does not set it: run fabric-tck:run again."), c.configurationProblems(
                new Certificate.Configuration("sample", List.of("CQ-1", "CQ-2"), List.of("HS"), plain.effective())));
        assertEquals(List.of(), c.configurationProblems(
                new Certificate.Configuration("sample", List.of("CQ-1", "CQ-2"), List.of("HS"), run.effective())));
    }

    @Test
    void settingsTheForkReadsGivenToMavenJoinTheForksArgLine() {
        Map<String, String> maven = new java.util.TreeMap<>(Map.of("fabric-tck.explore", "pct", "fabric-tck.schedules",
                "50", "fabric-tck.replay", "target/my schedule.txt", "fabric-tck.peers", "16"));
        assertEquals("-Xmx1g -Dfabric-tck.explore=pct \"-Dfabric-tck.replay=target/my schedule.txt\" "
                + "-Dfabric-tck.schedules=50 -Dfabric-tck.peers=16", ConfiguredRunMojo.withForkSettings(" -Xmx1g ", maven));
        assertEquals(List.of("-Xmx1g", "-Dfabric-tck.explore=pct", "-Dfabric-tck.replay=target/my schedule.txt",
                "-Dfabric-tck.schedules=50", "-Dfabric-tck.peers=16"),
                ForkCommand.split(ConfiguredRunMojo.withForkSettings("-Xmx1g", maven)));
        // #29: a fork setting given to Maven reaches the fork, as Surefire passes user properties on
        assertEquals("-Dfabric-tck.peers=16", ConfiguredRunMojo.withForkSettings(null, Map.of("fabric-tck.peers", "16")));
        assertNull(ConfiguredRunMojo.withForkSettings(null, Map.of("fabric-tck.windows", "CQ-1")));
    }
}
