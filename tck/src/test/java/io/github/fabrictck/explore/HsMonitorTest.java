package io.github.fabrictck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.WindowResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The scripted HS windows on a handshake whose SPI methods are all {@code synchronized}, the receive
 * callback too, with more than one receive thread: a hold at {@code onReceive}'s entry is placed
 * before the monitor, where a caller of the method would wait, so the other receive thread handles
 * B's data meanwhile. Held inside the monitor, the window stalled on its own hold and was ERROR
 * ("B's data did not reach A while A's processing of B's hellos was held"), for the correct design
 * and for its broken twin alike (#28).
 */
class HsMonitorTest {

    @BeforeAll
    static void attachAgent() {
        ExploreRuns.attachAgent();
    }

    private static Map<String, WindowResult> byLabel(String driver) throws Exception {
        List<WindowResult> runs = ExploreRuns.run(driver, Set.of("HS-1/pair-high", "HS-1/pair-low", "HS-2"), 1,
                Duration.ofSeconds(120)).getKey();
        Map<String, WindowResult> byLabel = new TreeMap<>();
        runs.forEach(r -> byLabel.put(r.label(), r));
        return byLabel;
    }

    @Test
    void theCorrectSynchronizedEndpointPassesBothOrders() throws Exception {
        Map<String, WindowResult> byLabel = byLabel("fixture-hs-synchronized");
        for (String label : List.of("HS-1/pair-high", "HS-1/pair-low", "HS-2/high", "HS-2/low")) {
            WindowResult r = byLabel.get(label);
            assertTrue(r != null, label + " ran: " + byLabel.keySet());
            assertEquals(Outcome.PASS, r.outcome(), label + ": " + r.reason());
        }
    }

    @Test
    void theBrokenTwinFailsTheCrossingHellosInBothOrders() throws Exception {
        Map<String, WindowResult> byLabel = byLabel("fixture-hs-synchronized-drops-early");
        for (String label : List.of("HS-1/pair-high", "HS-1/pair-low")) {
            WindowResult r = byLabel.get(label);
            assertTrue(r != null, label + " ran: " + byLabel.keySet());
            assertEquals(Outcome.FAIL, r.outcome(), label + ": " + r.reason());
            assertTrue(r.reason().startsWith("every application message is delivered exactly once"), r.reason());
        }
    }

    @Test
    void aTieBreakIsJudgedInTheOrderItAllows() throws Exception {
        Map<String, WindowResult> byLabel = new TreeMap<>();
        ExploreRuns.run("fixture-hs-tiebreak", Set.of("HS-1", "HS-2", "HS-3"), 1, Duration.ofSeconds(120)).getKey()
                .forEach(r -> byLabel.put(r.label(), r));
        // the higher id's request loses: in that order there is no response of B's to overtake or to hold back
        WindowResult high = byLabel.get("HS-2/high");
        assertEquals(Outcome.NOT_APPLICABLE, high.outcome(), "HS-2/high: " + high.reason());
        assertTrue(high.reason().contains("the tie-break lets the lower id's request win"), high.reason());
        for (String label : List.of("HS-1/pair-high", "HS-1/pair-low", "HS-1/all-to-all", "HS-2/low", "HS-3")) {
            WindowResult r = byLabel.get(label);
            assertTrue(r != null, label + " ran: " + byLabel.keySet());
            assertTrue(r.outcome() == Outcome.PASS || r.outcome() == Outcome.NOT_APPLICABLE, label + ": " + r.outcome()
                    + " " + r.reason());
        }
        // HS-3 runs again with A the lower id, where A waits for B's response and its hello timeout fires
        WindowResult hs3 = byLabel.get("HS-3");
        assertEquals(Outcome.PASS, hs3.outcome(), hs3.reason());
        assertTrue(hs3.evidence().windowOpened() && hs3.trace().stream().anyMatch(e -> e.event().contains(
                "the window runs again with A the lower id")), hs3.trace().toString());
    }
}
