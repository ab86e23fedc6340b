package io.github.fabrictck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.launcher.Launcher;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The scripted HS windows on a correct handshake that hands all its work to
 * {@code DriverContext.scheduler().execute} ({@code fixture-hs-on-scheduler}): that work is due now,
 * not a pending timer, so the scripts that run the fabric to quiescence run it (they stopped before
 * it and got ERROR on HS-1 and HS-3, a false NOT_APPLICABLE on HS-2).
 */
class HsDueNowTest {

    @BeforeAll
    static void attachAgent() {
        ExploreRuns.attachAgent();
    }

    @Test
    void aHandshakeOnTheSchedulersExecutePassesTheScriptedWindows() throws Exception {
        List<WindowResult> runs = new ArrayList<>();
        Launcher.run(new Launcher.Config("fixture-hs-on-scheduler", Set.of("HS-1", "HS-2", "HS-3"), Set.of(), 1,
                "mvn fabric-tck:run", Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(120)),
                new Launcher.Listener() {
                    @Override
                    public void header(Result header) {
                    }

                    @Override
                    public void started(String label, String running) {
                    }

                    @Override
                    public void verdict(WindowResult run) {
                        runs.add(run);
                    }
                });
        Map<String, WindowResult> byLabel = new TreeMap<>();
        runs.forEach(r -> byLabel.put(r.label(), r));
        for (String label : List.of("HS-1/pair-high", "HS-1/pair-low", "HS-1/all-to-all", "HS-2/high", "HS-2/low")) {
            WindowResult r = byLabel.get(label);
            assertTrue(r != null, label + " ran: " + byLabel.keySet());
            assertEquals(Outcome.PASS, r.outcome(), label + ": " + r.reason());
        }
        // no timer at all: HS-3 cannot open, and says so truly (work given to execute is no timer)
        WindowResult hs3 = byLabel.get("HS-3");
        assertEquals(Outcome.NOT_APPLICABLE, hs3.outcome(), "HS-3: " + hs3.reason());
        assertTrue(hs3.reason().contains("armed no timer"), hs3.reason());
    }
}
