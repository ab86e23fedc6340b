package io.github.fabrictck.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fabrictck.engine.RunSettings;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The replay path a failing exploration gives names the file where the run's output directory really is. */
class ExplorationVerdictTest {

    private static final Path PROJECT = Path.of("/work/acme/driver").toAbsolutePath();

    @AfterEach
    void defaultOutputDirectory() {
        RunSettings.outputDirectory(null);
    }

    @Test
    void underTheProjectTheReplayPathIsRelativeToIt() {
        assertEquals(Path.of("target", "fabric-tck", "schedule-CQ-X-explore.txt").toString(),
                ExplorationVerdict.replayPath(Path.of("target/fabric-tck"), PROJECT, "schedule-CQ-X-explore.txt"));
        assertEquals(Path.of("build", "tck-out", "schedule-HS-X-explore.txt").toString(),
                ExplorationVerdict.replayPath(PROJECT.resolve("build/tck-out"), PROJECT, "schedule-HS-X-explore.txt"));
    }

    @Test
    void elsewhereTheReplayPathIsAbsolute() {
        Path zoo = PROJECT.getParent().resolve("zoo-out");
        assertEquals(zoo.resolve("schedule-CS-X-explore.txt").toString(),
                ExplorationVerdict.replayPath(zoo, PROJECT, "schedule-CS-X-explore.txt"));
        assertEquals(zoo.resolve("schedule-CS-X-explore.txt").toString(),
                ExplorationVerdict.replayPath(Path.of("../zoo-out"), PROJECT, "schedule-CS-X-explore.txt"));
    }

    @Test
    void theRunsOutputDirectoryIsTheOneNamed() {
        Path out = Path.of("").toAbsolutePath().getParent().resolve("polish-out");
        RunSettings.outputDirectory(out);
        assertEquals(out.resolve("schedule-CQ-X-explore.txt").toString(),
                ExplorationVerdict.replayPath("schedule-CQ-X-explore.txt"));
        RunSettings.outputDirectory(null);
        assertEquals(Path.of("target", "fabric-tck", "schedule-CQ-X-explore.txt").toString(),
                ExplorationVerdict.replayPath("schedule-CQ-X-explore.txt"));
    }
}
