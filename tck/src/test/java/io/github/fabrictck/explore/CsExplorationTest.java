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
 * CS-X/explore end to end with the agent in this JVM: the exploration finds a fixture setup whose
 * server waits for the fast path without a timer, the failing schedule replays to the same failure
 * every time, the correct twin passes, and a driver without an SMC-R-style setup is not applicable.
 */
class CsExplorationTest {

    @BeforeAll
    static void attachAgent() {
        ExploreRuns.attachAgent();
    }

    @AfterEach
    void clearSettings() {
        ExploreRuns.clearSettings();
    }

    /** Runs CS-X on a fixture driver {@code repeat} times; each run's verdict, and the files Maven's process would write. */
    private static Map.Entry<List<WindowResult>, Map<String, String>> explore(String driver, int repeat) throws Exception {
        return ExploreRuns.explore(driver, "CS-X", repeat, Duration.ofSeconds(120));
    }

    private static String failure(WindowResult w) {
        return ExploreRuns.failure(w);
    }

    @Test
    void aServerWithoutATimerFailsAndItsScheduleReplaysTwentyTimesOutOfTwenty(@TempDir Path dir) throws Exception {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.schedules", "300");
        System.setProperty("fabric-tck.shrinkRuns", "10");
        Map.Entry<List<WindowResult>, Map<String, String>> found = explore("fixture-cs-probe-untimed", 1);
        WindowResult w = found.getKey().get(0);
        assertEquals(Outcome.FAIL, w.outcome(), w.reason());
        assertTrue(w.violated().get(0).startsWith("setup ends on both sides within the bound"), w.violated().toString());
        assertTrue(w.reason().contains("it would wait forever"), w.reason());
        String text = found.getValue().get("schedule-CS-X-explore.txt");
        assertNotNull(text, "the failing schedule is a file for Maven's process to write: " + found.getValue().keySet());
        Schedule schedule = Schedule.parse(text);
        assertEquals("CS-X/explore", schedule.window());

        Path file = Files.writeString(dir.resolve("schedule.txt"), text, StandardCharsets.UTF_8);
        System.clearProperty("fabric-tck.explore");
        System.setProperty("fabric-tck.replay", file.toString());
        List<WindowResult> replays = explore("fixture-cs-probe-untimed", 20).getKey();
        for (int i = 0; i < replays.size(); i++) {
            WindowResult again = replays.get(i);
            assertEquals(Outcome.FAIL, again.outcome(), "replay " + (i + 1) + ": " + again.reason());
            assertEquals(failure(w), failure(again), "replay " + (i + 1));
        }
    }

    @Test
    void aServerThatBoundsItsWaitPasses() throws Exception {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.schedules", "300");
        WindowResult w = explore("fixture-cs-probe", 1).getKey().get(0);
        assertEquals(Outcome.PASS, w.outcome(), w.reason());
        assertTrue(w.evidence().windowOpened(), "a PASS says how many schedules ran");
    }

    /** A thread the driver starts while CS-X opens its endpoints (inside the schedule) gets turns: the open returns. */
    @Test
    void aSetupThatStartsItsOwnThreadWhenOpenedAndWaitsForItPasses() throws Exception {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.schedules", "50");
        WindowResult w = explore("fixture-cs-probe-own-loop", 1).getKey().get(0);
        assertEquals(Outcome.PASS, w.outcome(), w.reason());
        assertTrue(w.evidence().windowOpened(), "a PASS says how many schedules ran");
    }

    /**
     * A correct client that arms a timer in connect(), before the server accepts (Linux's CLC wait): the scheduler
     * may stall the server then, while the client's proposal waits for the server to open. That proposal, which
     * cannot be delivered yet, must not bound which events come next: the end of the stall is offered, and setup
     * ends. (The kit once offered nothing there and judged that the server never ended setup.)
     */
    @Test
    void aClientTimerArmedBeforeTheServerAcceptsPasses() throws Exception {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.schedules", "300");
        WindowResult w = explore("fixture-cs-probe-clc", 1).getKey().get(0);
        assertEquals(Outcome.PASS, w.outcome(), w.reason());
    }

    @Test
    void aDriverWithoutAnSmcStyleSetupIsNotApplicable() throws Exception {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.schedules", "5");
        WindowResult w = explore("fixture-cm-compliant", 1).getKey().get(0);
        assertEquals(Outcome.NOT_APPLICABLE, w.outcome(), w.reason());
        assertTrue(w.reason().contains("has no SMC-R-style connection setup"), w.reason());
    }
}
