package io.github.fabrictck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.WindowResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HS-X/explore end to end with the agent in this JVM: the exploration finds the data a fixture
 * handshake drops when it overtakes the hello response, its schedule file replays to the same
 * failure every time, and the same handshake that keeps early data passes.
 */
class HsExplorationTest {

    @BeforeAll
    static void attachAgent() {
        ExploreRuns.attachAgent();
    }

    @AfterEach
    void clearSettings() {
        ExploreRuns.clearSettings();
    }

    /** Runs HS-X on a fixture driver {@code repeat} times; each run's verdict, and the files Maven's process would write. */
    private static Map.Entry<List<WindowResult>, Map<String, String>> explore(String driver, int repeat) throws Exception {
        return ExploreRuns.explore(driver, "HS-X", repeat, Duration.ofSeconds(120));
    }

    private static String failure(WindowResult w) {
        return ExploreRuns.failure(w);
    }

    @Test
    void dataDroppedBeforeTheHelloResponseIsFoundAndReplaysTwentyTimesOutOfTwenty(@TempDir Path dir) throws Exception {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.schedules", "200");
        System.setProperty("fabric-tck.shrinkRuns", "20");
        Map.Entry<List<WindowResult>, Map<String, String>> found = explore("fixture-hs-drops-early", 1);
        WindowResult w = found.getKey().get(0);
        assertEquals(Outcome.FAIL, w.outcome(), w.reason());
        assertTrue(w.reason().startsWith("every application message is delivered exactly once")
                && w.reason().contains("was dropped by"), w.reason());
        String text = found.getValue().get("schedule-HS-X-explore.txt");
        assertNotNull(text, "the failing schedule is a file for Maven's process to write: " + found.getValue().keySet());
        Schedule schedule = Schedule.parse(text);
        assertEquals("HS-X/explore", schedule.window());
        assertTrue(schedule.decisions().stream().anyMatch(d -> d.startsWith("env: deliver ")), schedule.text());

        Path file = Files.writeString(dir.resolve("schedule.txt"), text, StandardCharsets.UTF_8);
        System.clearProperty("fabric-tck.explore");
        System.setProperty("fabric-tck.replay", file.toString());
        List<WindowResult> replays = explore("fixture-hs-drops-early", 20).getKey();
        for (int i = 0; i < replays.size(); i++) {
            WindowResult again = replays.get(i);
            assertEquals(Outcome.FAIL, again.outcome(), "replay " + (i + 1) + ": " + again.reason());
            assertEquals(failure(w), failure(again), "replay " + (i + 1));
        }
    }

    @Test
    void theHandshakeThatKeepsEarlyDataPasses() throws Exception {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.schedules", "200");
        WindowResult w = explore("fixture-hs-keeps-early", 1).getKey().get(0);
        assertEquals(Outcome.PASS, w.outcome(), w.reason());
    }
}
