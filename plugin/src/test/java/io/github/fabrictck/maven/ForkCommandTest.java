package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fabrictck.explore.Exploration;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForkCommandTest {

    private static final Path BASE = Path.of("/work/driver").toAbsolutePath();
    private static final String PREFIX = "mvn -pl driver verify";

    private static ForkCommand command(String argLine, String packages, String driver, String windows) {
        return command(argLine, packages, driver, windows, 1);
    }

    private static ForkCommand command(String argLine, String packages, String driver, String windows, int repeat) {
        return new ForkCommand(Path.of("/jdk/bin/java"), argLine, BASE.resolve("target/classes"), packages, 60,
                Path.of("/m2/fabric-tck-1.2.3.jar"), List.of("/m2/fabric-tck-1.2.3.jar", "/m2/spi.jar"),
                List.of("/work/driver/target/classes", "/m2/driver-lib.jar"), 40123, 600, driver, windows, null, repeat, PREFIX);
    }

    @Test
    void minimalCommandRunsTheWholeCatalogWithTheAgent() {
        assertEquals(List.of(
                Path.of("/jdk/bin/java").toString(),
                "-XX:TieredStopAtLevel=1", // a short scripted run: C1 only
                "-Dnet.bytebuddy.safe=true",
                "-Dfabric-tck.instrument.locations=" + BASE.resolve("target/classes"),
                "-Dfabric-tck.windowTimeout=60",
                // the driver's class path is the agent's argument: its classes load apart from the kit's
                "-javaagent:" + Path.of("/m2/fabric-tck-1.2.3.jar").toAbsolutePath() + "="
                + "/work/driver/target/classes" + File.pathSeparator + "/m2/driver-lib.jar",
                "-cp", "/m2/fabric-tck-1.2.3.jar" + File.pathSeparator + "/m2/spi.jar",
                "io.github.fabrictck.launcher.Main",
                "--channel", "40123",
                "--fork-timeout", "600",
                "--reproduce-prefix", "mvn -pl driver verify"),
                command(null, null, null, null).arguments());
    }

    @Test
    void optionsGoWhereTheLauncherExpectsThem() {
        List<String> args = command("  -Xmx512m\t-ea  -Dx=y ", " com.acme.rdma , ,com.acme.util", " sample ", "CQ-1, HS-2 ,")
                .arguments();
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-Xmx512m", "-ea", "-Dx=y", "-Dnet.bytebuddy.safe=true"), args.subList(1, 6));
        assertEquals("-Dfabric-tck.instrument.packages=com.acme.rdma,com.acme.util", args.get(7));
        assertEquals("-Dfabric-tck.windowTimeout=60", args.get(8));
        assertEquals(List.of("--driver", "sample", "--windows", "CQ-1,HS-2",
                "--reproduce-prefix", "mvn -pl driver verify"), args.subList(args.size() - 6, args.size()));
    }

    @Test
    void blankOptionsAreLeftOut() {
        assertEquals(command(null, null, null, null).arguments(), command(" ", " , ", "", ",").arguments());
    }

    @Test
    void theReproduceCommandIsPastedAtTheRootOfTheBuildCompilesFirstAndCarriesEveryChangedSetting() {
        java.util.Map<String, String> settings = new java.util.LinkedHashMap<>();
        settings.put("fabric-tck.repeat", "20");
        settings.put("fabric-tck.argLine", "-Dfabric-tck.peers=16 -Xmx1g");
        settings.put("fabric-tck.jvm", "/opt/jdk 21/bin/java");
        assertEquals("mvn -pl drivers/rdma verify -Dfabric-tck.repeat=20 -Dfabric-tck.argLine='-Dfabric-tck.peers=16 -Xmx1g' "
                + "-Dfabric-tck.jvm='/opt/jdk 21/bin/java'",
                ForkCommand.reproducePrefix("drivers/rdma", ForkCommand.reproduceGoals(true, "g", "a", "1"), settings));
        assertEquals("mvn package io.github.fabrictck:fabric-tck-maven-plugin:1.2.3:run", ForkCommand.reproducePrefix("",
                ForkCommand.reproduceGoals(false, "io.github.fabrictck", "fabric-tck-maven-plugin", "1.2.3"), java.util.Map.of()));
        assertEquals("mvn -f /elsewhere/driver verify", ForkCommand.reproducePrefix(Path.of("/elsewhere/driver").toString(),
                "verify", java.util.Map.of()));
        assertEquals("'it'\\''s'", ForkCommand.shellWord("it's"));
        assertEquals("''", ForkCommand.shellWord(""));
    }

    @Test
    void theModuleIsNamedFromTheRootOfTheBuild() {
        Path root = Path.of("/work/build").toAbsolutePath();
        assertEquals("drivers/rdma", ForkCommand.modulePath(root, root.resolve("drivers/rdma")));
        assertEquals("", ForkCommand.modulePath(root, root));
        assertEquals(Path.of("/other/x").toAbsolutePath().toString(), ForkCommand.modulePath(root, Path.of("/other/x")));
    }

    @Test
    void anExecutionThatConfiguresTheDriverOrTheWindowsPinsTheSelection() {
        assertEquals(false, ForkCommand.pinsSelection(null));
        assertEquals(false, ForkCommand.pinsSelection("<configuration><expectFail>CQ-1</expectFail></configuration>"));
        assertEquals(true, ForkCommand.pinsSelection("<configuration>\n  <driver>broken-cq-1</driver>\n</configuration>"));
        assertEquals(true, ForkCommand.pinsSelection("<configuration><windows/></configuration>"));
    }

    @Test
    void commaListsDropBlanks() {
        assertEquals(List.of("a", "b"), ForkCommand.items(" a, ,b ,"));
        assertEquals(List.of(), ForkCommand.items(null));
        assertEquals("a,b", ForkCommand.commaList("a ,b"));
    }

    @Test
    void theArgLineIsSplitWithQuotesHonoured() {
        assertEquals(List.of("-Xmx512m", "-Dgreeting=hello world", "-Done=it's", "-Dpath=C:\\x y", "-Dempty="),
                ForkCommand.split(" -Xmx512m -Dgreeting=\"hello world\" '-Done=it'\\''s' \"-Dpath=C:\\\\x y\" -Dempty=''"));
        assertEquals(List.of("a\"b", "c d"), ForkCommand.split("a\\\"b c\\ d"));
        assertEquals(List.of(), ForkCommand.split("  "));
        assertEquals(List.of(), ForkCommand.split(null));
        assertEquals(List.of("-Dx=a b", "-Dnet.bytebuddy.safe=true"),
                command("-Dx='a b'", null, null, null).arguments().subList(2, 4));
    }

    @Test
    void anExplorationForkCompilesWithTheOptimisingCompilerLaterUnlessTheArgLineSaysOtherwise() {
        List<String> explore = command("-Dfabric-tck.explore=pct", null, null, null).arguments();
        assertEquals(Exploration.FORK_JIT_OPTIONS, explore.subList(1, 5));
        assertEquals("-Dfabric-tck.explore=pct", explore.get(5));
        List<String> replay = command("-Dfabric-tck.replay=s.txt -XX:Tier4InvocationThreshold=5000", null, null, null).arguments();
        assertEquals(Exploration.FORK_JIT_OPTIONS, replay.subList(1, 5));
        assertEquals(List.of("-Dfabric-tck.replay=s.txt", "-XX:Tier4InvocationThreshold=5000"), replay.subList(5, 7));
        assertEquals(List.of("/jdk/bin/java", "-Xmx1g", "-Dnet.bytebuddy.safe=true"),
                command("-Xmx1g", null, null, null, ForkCommand.SHORT_RUN_REPEATS + 1).arguments().subList(0, 3));
    }

    @Test
    void aShortScriptedForkCompilesWithC1OnlyUnlessTheArgLineSaysOtherwise() {
        assertEquals(List.of("/jdk/bin/java", "-XX:TieredStopAtLevel=1", "-XX:TieredStopAtLevel=4"),
                command("-XX:TieredStopAtLevel=4", null, null, null, ForkCommand.SHORT_RUN_REPEATS).arguments().subList(0, 3));
        assertEquals(ForkCommand.SHORT_RUN_JIT_OPTIONS, ForkCommand.jitOptions(List.of("-Xmx1g"), 1));
        assertEquals(List.of(), ForkCommand.jitOptions(List.of(), ForkCommand.SHORT_RUN_REPEATS + 1));
        assertEquals(Exploration.FORK_JIT_OPTIONS, ForkCommand.jitOptions(List.of("-Dfabric-tck.explore=pos"), 1));
    }

    @Test
    void anUnclosedQuoteIsOneSentence() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ForkCommand.split("-Dx=\"a b"));
        assertEquals("fabric-tck.argLine=-Dx=\"a b has an unclosed \" quote: close it, or escape it with a backslash.",
                e.getMessage());
    }
}
