package io.github.fabrictck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.launcher.ConfigurationError;
import io.github.fabrictck.launcher.Launcher;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -Dfabric-tck.replay=FILE} with a FILE that is not there, or not a schedule, is bad input: one sentence naming
 * the property and the path before any window runs, not an ERROR in every exploration window.
 */
class ReplayPreflightTest {

    @TempDir
    Path project;

    @AfterEach
    void clear() {
        System.clearProperty("fabric-tck.replay");
    }

    @Test
    void aMissingRelativeFileIsNamedWithTheBaseDirectoryItWasReadFrom() {
        assertEquals("fabric-tck.replay=target/fabric-tck/schedule-CQ-X-explor.txt names no file (a relative path is "
                + "read from the project's base directory " + project + ", which makes it "
                + project.resolve("target/fabric-tck/schedule-CQ-X-explor.txt") + "): give the path of a schedule file "
                + "an exploration wrote (schedule-CQ-X-explore.txt in the output directory).",
                Exploration.replayProblem(" target/fabric-tck/schedule-CQ-X-explor.txt", project));
    }

    @Test
    void aMissingAbsoluteFileIsNamed() {
        Path missing = project.resolve("gone.txt");
        assertEquals("fabric-tck.replay=" + missing + " names no file: give the path of a schedule file an exploration "
                + "wrote (schedule-CQ-X-explore.txt in the output directory).", Exploration.replayProblem(missing.toString(),
                Path.of("/elsewhere")));
    }

    @Test
    void aFileThatIsNoScheduleIsNamedAndAScheduleFilePasses() throws Exception {
        Files.writeString(project.resolve("notes.txt"), "hello\n", StandardCharsets.UTF_8);
        String problem = Exploration.replayProblem("notes.txt", project);
        assertTrue(problem.startsWith("fabric-tck.replay=notes.txt (a relative path is read from the project's base "
                + "directory " + project + ", which makes it " + project.resolve("notes.txt") + ") cannot be read as a "
                + "schedule file: not a Fabric TCK schedule file"), problem);
        Files.createDirectories(project.resolve("out"));
        Files.writeString(project.resolve("out/schedule-CQ-X-explore.txt"), new Schedule("CQ-X/explore", "pct", 3, "1",
                "d 1", "x: y", List.of("app")).text(), StandardCharsets.UTF_8);
        assertNull(Exploration.replayProblem("out/schedule-CQ-X-explore.txt", project));
        assertNull(Exploration.replayProblem(project.resolve("out/schedule-CQ-X-explore.txt").toString(), Path.of("/")));
        assertNull(Exploration.replayProblem(null, project), "unset: nothing to check");
        assertNull(Exploration.replayProblem(" ", project), "empty: the settings' range check says it");
    }

    @Test
    void theLauncherRefusesAMissingScheduleFileBeforeAnyWindowRuns() {
        System.setProperty("fabric-tck.replay", project.resolve("schedule-CQ-X-explore.txt").toString());
        ConfigurationError e = assertThrows(ConfigurationError.class, () -> Launcher.run(new Launcher.Config(null,
                Set.of("CQ-X"), Set.of(), 1, "mvn fabric-tck:run", Duration.ofSeconds(1), Duration.ofSeconds(5),
                Duration.ofSeconds(60)), new Launcher.Listener() {
                    @Override
                    public void header(io.github.fabrictck.report.Result header) {
                        throw new AssertionError("no run starts");
                    }

                    @Override
                    public void started(String label, String running) {
                        throw new AssertionError("no window starts");
                    }

                    @Override
                    public void verdict(io.github.fabrictck.report.WindowResult run) {
                        throw new AssertionError("no verdict");
                    }
                }));
        assertTrue(e.getMessage().startsWith("fabric-tck.replay=" + project.resolve("schedule-CQ-X-explore.txt")
                + " names no file"), e.getMessage());
    }
}
