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
 * HS-X with a hello timeout checked by a periodic tick ({@code fixture-hs-tick*}: a 1 s timeout on a
 * 200 ms tick): the ticks before the timeout is due send nothing, so they do not count against how
 * late a message may be, and the schedule in which both messages queued at one instant expire on
 * one tick (two hello requests in flight) is reached; its file replays to the same failure every
 * time, and the twin with one deadline per peer passes. When every tick counted as a deadline, a
 * hello was never late past the fourth tick, the timeout never fired and the broken twin passed.
 */
class HsTickExplorationTest {

    @BeforeAll
    static void attachAgent() {
        ExploreRuns.attachAgent();
    }

    @AfterEach
    void clearSettings() {
        ExploreRuns.clearSettings();
    }

    private static Map.Entry<List<WindowResult>, Map<String, String>> explore(String driver, int repeat) throws Exception {
        return ExploreRuns.explore(driver, "HS-X", repeat, Duration.ofSeconds(120));
    }

    @Test
    void twoHellosOnOneTickAreFoundAndReplayTwentyTimesOutOfTwenty(@TempDir Path dir) throws Exception {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.seed", "0");
        System.setProperty("fabric-tck.schedules", "200");
        System.setProperty("fabric-tck.shrinkRuns", "20");
        Map.Entry<List<WindowResult>, Map<String, String>> found = explore("fixture-hs-tick-per-message", 1);
        WindowResult w = found.getKey().get(0);
        assertEquals(Outcome.FAIL, w.outcome(), w.reason());
        assertTrue(w.reason().startsWith("at most one hello request per peer is in flight")
                && w.reason().contains("at 1.000 s"), w.reason());
        String text = found.getValue().get("schedule-HS-X-explore.txt");
        assertNotNull(text, "the failing schedule is a file for Maven's process to write: " + found.getValue().keySet());
        Schedule schedule = Schedule.parse(text);
        assertTrue(schedule.decisions().contains("env: time runs to 1.000 s (the driver's timers due then fire)"),
                schedule.text());

        Path file = Files.writeString(dir.resolve("schedule.txt"), text, StandardCharsets.UTF_8);
        System.clearProperty("fabric-tck.explore");
        System.setProperty("fabric-tck.replay", file.toString());
        List<WindowResult> replays = explore("fixture-hs-tick-per-message", 20).getKey();
        for (int i = 0; i < replays.size(); i++) {
            WindowResult again = replays.get(i);
            assertEquals(Outcome.FAIL, again.outcome(), "replay " + (i + 1) + ": " + again.reason());
            assertEquals(ExploreRuns.failure(w), ExploreRuns.failure(again), "replay " + (i + 1));
        }
    }

    @Test
    void oneDeadlinePerPeerPasses() throws Exception {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.seed", "0");
        System.setProperty("fabric-tck.schedules", "200");
        WindowResult w = explore("fixture-hs-tick", 1).getKey().get(0);
        assertEquals(Outcome.PASS, w.outcome(), w.reason());
    }

    @Test
    void aTickOfOneMillisecondIsNotApplicableAndSaysSo() throws Exception {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.seed", "0");
        System.setProperty("fabric-tck.schedules", "5");
        WindowResult w = explore("fixture-hs-tick-fast", 1).getKey().get(0);
        assertEquals(Outcome.NOT_APPLICABLE, w.outcome(), w.reason());
        // before: "the driver's threads never block ... a driver that spin-polls", which it is not
        assertTrue(w.reason().startsWith("the driver's timers fire too often to explore: a schedule took more than 20000 "
                + "decisions"), w.reason());
    }
}
