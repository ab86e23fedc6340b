package io.github.fabrictck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.launcher.Launcher;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.WindowResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CQ-X/explore end to end with the agent in this JVM: the exploration finds a fixture driver's
 * lost completion, shrinks the failing schedule, the schedule becomes a file, and that file replays to
 * the same failure every time.
 */
class ExplorationReplayTest {

    @BeforeAll
    static void attachAgent() {
        ExploreRuns.attachAgent();
    }

    @AfterEach
    void clearSettings() {
        ExploreRuns.clearSettings();
    }

    /** Runs CQ-X/explore on a fixture driver {@code repeat} times; each run's verdict, and the files Maven's process would write. */
    private static Map.Entry<List<WindowResult>, Map<String, String>> explore(String driver, int repeat) throws Exception {
        return ExploreRuns.explore(driver, "CQ-X/explore", repeat, Duration.ofSeconds(60));
    }

    /** The failure without what changes from run to run (the wall-clock time left of a driver's wait). */
    private static String failure(WindowResult w) {
        String reason = w.reason().substring(0, w.reason().indexOf(" [schedule"));
        // the idle threads are listed in no particular order: what is pending decides
        int pending = reason.lastIndexOf(") while ");
        return w.violated() + " " + (pending < 0 ? reason : reason.substring(pending));
    }

    @Test
    void aFailingScheduleReplaysToTheSameFailureTwentyTimesOutOfTwenty(@TempDir Path dir) throws Exception {
        replaysTwentyTimesOutOfTwenty("fixture-never-rearms", dir);
    }

    @Test
    void aScheduleOfADriverWhoseOwnThreadStartedBeforeItReplaysTwentyTimesOutOfTwenty(@TempDir Path dir)
            throws Exception {
        // the event thread starts while the driver opens, before the scheduler takes over: stopped at its first
        // point in one run and already blocked past it in the next, it made broken-cq-7's replays diverge
        replaysTwentyTimesOutOfTwenty("fixture-explore-loop-never-woken", dir);
    }

    @Test
    void aScheduleWhoseFailureWaitsForATimerOfTheContextsSchedulerReplaysTwentyTimesOutOfTwenty(@TempDir Path dir)
            throws Exception {
        // the timer's task drains, then re-arms: the completion is lost only where the timer fires, which the schedule
        // decides (time runs on virtual time); on the wall clock it fired when it did and a replay could diverge
        Schedule schedule = replaysTwentyTimesOutOfTwenty("fixture-explore-timer-drained-broken", dir);
        assertTrue(schedule.decisions().stream().anyMatch(d -> d.startsWith("env: time runs to 0.001 s")),
                "the timer's firing is a decision: " + schedule.decisions());
        assertTrue(schedule.decisions().contains("driver-timer"), "its task runs on the context's timer thread: "
                + schedule.decisions());
    }

    private Schedule replaysTwentyTimesOutOfTwenty(String driver, Path dir) throws Exception {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.schedules", "50");
        System.setProperty("fabric-tck.shrinkRuns", "20");
        // the run's files go elsewhere than target/fabric-tck (-Dfabric-tck.outputDirectory, the launcher's --out)
        io.github.fabrictck.engine.RunSettings.outputDirectory(dir.resolve("elsewhere"));
        Map.Entry<List<WindowResult>, Map<String, String>> found = explore(driver, 1);
        WindowResult w = found.getKey().get(0);
        assertEquals(Outcome.FAIL, w.outcome(), w.reason());
        assertTrue(w.reason().contains("[schedule ") && w.reason().contains("of pct, seed "), w.reason());
        assertTrue(w.evidence().windowOpened(), "a FAIL carries how many schedules ran");
        assertTrue(w.reason().contains("; shrunk from "), "the schedule is shrunk before it is reported: " + w.reason());
        String text = found.getValue().get("schedule-CQ-X-explore.txt");
        assertNotNull(text, "the failing schedule is a file for Maven's process to write: " + found.getValue().keySet());
        Schedule schedule = Schedule.parse(text);
        assertEquals("pct", schedule.strategy());
        assertEquals(driver, schedule.driver().split(" ")[0]);
        assertTrue(!schedule.decisions().isEmpty());

        // the replay path the FAIL gives is where Maven's process writes the file: written there, it replays
        String named = w.reason().substring(w.reason().indexOf("; replay: -Dfabric-tck.replay=") + 30, w.reason().length() - 1);
        assertEquals(dir.resolve("elsewhere").resolve("schedule-CQ-X-explore.txt").toString(), named, w.reason());
        Path file = Files.writeString(Files.createDirectories(dir.resolve("elsewhere")).resolve("schedule-CQ-X-explore.txt"),
                text, StandardCharsets.UTF_8);
        System.clearProperty("fabric-tck.explore");
        System.setProperty("fabric-tck.replay", named);
        List<WindowResult> replays = explore(driver, 20).getKey();
        for (int i = 0; i < replays.size(); i++) {
            WindowResult again = replays.get(i);
            assertEquals(Outcome.FAIL, again.outcome(), "replay " + (i + 1) + ": " + again.reason());
            assertEquals(failure(w), failure(again), "replay " + (i + 1));
            assertTrue(again.reason().contains("of replay, seed " + schedule.seed() + ", " + schedule.decisions().size()
                    + " decisions"), again.reason());
        }
        // with no window selected, a replay runs the file's window alone, not the whole catalog
        List<WindowResult> alone = ExploreRuns.explore(driver, Set.of(), 1, Duration.ofSeconds(60)).getKey();
        assertEquals(List.of("CQ-X/explore"), alone.stream().map(WindowResult::label).toList());
        assertEquals(failure(w), failure(alone.get(0)));
        return schedule;
    }

    @Test
    void aScheduleFileSaysWhatItIs() {
        Schedule s = new Schedule("CQ-X/explore", "random", 7, "1.0", "d 1", "x: y", List.of("app", "env: send 1 completes"));
        assertEquals(s, Schedule.parse(s.text()));
        assertTrue(Schedule.filesIn(List.of(new io.github.fabrictck.report.TraceEvent(0, "kit",
                Schedule.TRACE_MARKER + "../../etc/passwd\n" + s.text(), null))).isEmpty(),
                "only a plain file name of the kit's pattern becomes a file");
    }

    @Test
    void aScheduleFileNamesTheDriverBytesItRanOnAndAReplayOnOtherBytesSaysSo(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes/acme"));
        Files.write(classes.resolve("Endpoint.class"), new byte[] {1, 2, 3});
        String before = DriverDigest.compute(dir.resolve("classes").toString());
        Files.write(classes.resolve("Endpoint.class"), new byte[] {1, 2, 4});
        String after = DriverDigest.compute(dir.resolve("classes").toString());
        assertTrue(before != null && after != null && !before.equals(after), before + " / " + after);
        assertEquals(after, DriverDigest.compute(dir.resolve("classes").toString()), "the same bytes, the same digest");

        Schedule s = new Schedule("CQ-X/explore", "pct", 7, io.github.fabrictck.launcher.Launcher.tckVersion(), "d 1",
                "x: y", List.of("app"), before);
        assertTrue(s.text().contains("driver-sha256: " + before + "\n"), s.text());
        assertEquals(s, Schedule.parse(s.text()));
        // the kit is this one; the driver's classes differ only when this JVM runs driver locations at all
        assertEquals(DriverDigest.current() == null ? null
                : "the driver's classes (sha256 " + before.substring(0, 12) + "... then, "
                        + DriverDigest.current().substring(0, 12) + "... now)", s.differences());
        Schedule otherKit = new Schedule("CQ-X/explore", "pct", 7, "0.0.1", "d 1", "x: y", List.of("app"), before);
        assertTrue(otherKit.differences().startsWith("the kit (0.0.1 then, "), otherKit.differences());
        io.github.fabrictck.engine.WindowNotOpened diverged = org.junit.jupiter.api.Assertions.assertThrows(
                io.github.fabrictck.engine.WindowNotOpened.class,
                () -> new Replay(otherKit).choose(List.of("device-interrupt"), 0));
        assertTrue(diverged.getMessage().contains("the kit (0.0.1 then, "), diverged.getMessage());
    }

    @Test
    void eachRoundOfARepeatedRunExploresTheNextBlockOfSeeds() {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.schedules", "100");
        System.setProperty("fabric-tck.seed", "5");
        // a repeated run of another test class in this JVM may have left its last round set
        io.github.fabrictck.engine.RunSettings.round(1);
        try {
            assertEquals(5, Exploration.Settings.fromSystemProperties().seed());
            io.github.fabrictck.engine.RunSettings.round(3);
            assertEquals(205, Exploration.Settings.fromSystemProperties().seed(), "round 3 starts after two blocks of 100");
        } finally {
            io.github.fabrictck.engine.RunSettings.round(1);
            System.clearProperty("fabric-tck.explore");
            System.clearProperty("fabric-tck.schedules");
            System.clearProperty("fabric-tck.seed");
        }
    }
}
