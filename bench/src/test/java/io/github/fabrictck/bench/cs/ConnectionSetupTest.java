package io.github.fabrictck.bench.cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.fabrictck.bench.BenchConfig;
import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.TraceEvent;
import io.github.fabrictck.report.WindowResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the section reads from a CS window's trace, from made-up traces: no fork. */
class ConnectionSetupTest {

    private static final String CONDITIONS = "the server stalled 2000 ms from the client's first timer arm, the client's "
            + "1st fast-path message lost, control stream memory with a one-way delay of 10 ms";

    @Test
    void aPassingSweepGivesItsTrialsAndTheVirtualTimeOfItsLastTrial() {
        Map<String, Object> s = ConnectionSetup.sweep(window(Outcome.PASS, List.of(
                kit("trial 604: " + CONDITIONS),
                kit("t=0.000 s the server application accepts"),
                new TraceEvent(1.5, "fabric-tck-cs-client", "call FastPathLink.send", "Setup.send(Setup.java:10)"),
                kit("t=4.050 s the server application writes its reply"),
                kit("t=4.060 s control stream server → client: 7 byte(s) arrive (written at t=4.050 s)"),
                kit("trial 604 ended: measured phase 2000 ms (the server's first timer armed 2000 ms after the client's)"),
                kit("604 trials: 3 loss case(s) (none and each of 2 fast-path setup message(s)) × 201 phases"))));
        assertEquals(604, s.get("trials"));
        assertEquals(604, s.get("trialsRun"));
        assertEquals(2000L, s.get("lastTrialPhaseMillis"));
        assertEquals(4060L, s.get("lastTrialVirtualMillis"));
        assertEquals(604L * 4060, s.get("virtualEstimateMillis"));
    }

    @Test
    void aFailingSweepGivesTheTrialsRunToItsFailAndNoEstimateOfItsVirtualTime() {
        Map<String, Object> s = ConnectionSetup.sweep(window(Outcome.FAIL, List.of(
                kit("trial 100: the server stalled 990 ms from the client's first timer arm, the server's 1st fast-path "
                        + "message lost"),
                kit("t=3.030 s the server application writes its reply"),
                kit("t=3.040 s control stream server → client: 7 byte(s) arrive (written at t=3.030 s)"),
                kit("trial 100 ended: measured phase 990 ms (the server's first timer armed 990 ms after the client's)"))));
        assertNull(s.get("trials"));
        assertEquals(100, s.get("trialsRun"));
        assertEquals(990L, s.get("lastTrialPhaseMillis"));
        assertEquals(3040L, s.get("lastTrialVirtualMillis"));
        assertNull(s.get("virtualEstimateMillis"), "the trials before the failing one may have lasted longer or shorter");
    }

    @Test
    void aWindowThatRanNoTrialGivesNothing() {
        Map<String, Object> s = ConnectionSetup.sweep(window(Outcome.ERROR, List.of(kit("the driver failed to open"))));
        assertNull(s.get("trialsRun"));
        assertNull(s.get("virtualEstimateMillis"));
    }

    @Test
    void theConfiguredDriversComeFirstElseSampleAndEveryBrokenCsDriver() {
        assertEquals(List.of("broken-cs-2"), ConnectionSetup.drivers(BenchConfig.smoke()));
        assertEquals(List.of("sample", "broken-cs-1", "broken-cs-2", "broken-cs-3"),
                ConnectionSetup.drivers(BenchConfig.defaults()));
    }

    private static TraceEvent kit(String event) {
        return new TraceEvent(1, "kit", event, null);
    }

    private static WindowResult window(Outcome outcome, List<TraceEvent> trace) {
        return new WindowResult("CS-2", "memory", "agreement", "connection-setup", outcome, 500, null, List.of(),
                Evidence.none(), "mvn", trace);
    }
}
