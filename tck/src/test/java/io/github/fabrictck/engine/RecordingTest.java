package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A search's first run records a thread's first points and, past them, the places it passes for the first time: a
 * bounded spin before a poller arms its queue (heron-cq-adaptive-broken: 384 points before the arm) must not hide the
 * arm, which is the placement that opens the window.
 */
class RecordingTest {

    private WindowRun run;

    @BeforeAll
    static void attachAgent() {
        FixtureAgent.attach();
    }

    @AfterEach
    void finish() {
        if (run != null) {
            run.finish();
        }
    }

    @Test
    void theWindowsPageStatesWhatTheFirstRunRecords() throws java.io.IOException {
        String page = java.nio.file.Files.readString(java.nio.file.Path.of("../site/src/site/markdown/windows.md"))
                .replaceAll("\\s+", " ");
        assertTrue(page.contains("records a thread's first " + WindowRun.MAX_RECORDED_PER_THREAD + " points and, past them, "
                + "up to " + WindowRun.MAX_NEW_PLACES_PAST_CAP + " more places"), "windows.md must say what WindowRun records");
    }

    @Test
    void aPlacePassedFirstAfterTheCapIsRecordedWithItsOccurrence() throws Exception {
        run = WindowRun.start(Duration.ofSeconds(1));
        run.startRecording();
        // a method reference: a lambda naming the fixture would load it before the agent is installed
        Thread driver = new Thread(io.github.fabrictck.fixtures.SpinThenYield::run, "driver");
        run.track(driver);
        driver.start();
        driver.join(10_000);
        assertFalse(driver.isAlive());
        List<Hit> hits = run.stopRecording();
        List<Hit> yields = hits.stream().filter(h -> h.point().target().endsWith("yield")).toList();
        assertFalse(yields.isEmpty(), "the yield after 600 points of the spin: " + hits.size() + " recorded");
        assertTrue(yields.stream().allMatch(h -> h.occurrence() == 0), yields.toString());
        long spins = hits.stream().filter(h -> h.point().target().endsWith("onSpinWait")).count();
        assertEquals(WindowRun.MAX_RECORDED_PER_THREAD, spins, "the spin's points up to the cap, none past it");
    }
}
