package io.github.fabrictck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Markdown report and the headline figures, from made-up results: no fork, no timing. */
class ReportTest {

    @Test
    void theHeadlineIsPlainStressTimeOverTheDirectedMedianAndALowerBoundWhenStressFoundNothing() {
        List<Map<String, Object>> directed = List.of(launch("broken-cq-1", variant("CQ-1/a", 100, 100, 40),
                variant("CQ-1/b", 100, 100, 20)), launch("broken-cq-4", variant("CQ-4/spurious", 100, 0, -1),
                variant("CQ-4/teardown", 100, 100, 10)));
        List<Map<String, Object>> stress = List.of(stress("broken-cq-1", 0, null), stress("broken-cq-4", 7, 2500.0));
        List<Map<String, Object>> rows = Bench.headline(directed, stress, BenchConfig.defaults());
        assertEquals("CQ-1/b", rows.get(0).get("window"), "the variant that catches it fastest");
        assertEquals(3000.0, rows.get(0).get("speedup"), "60 s / 20 ms");
        assertEquals(true, rows.get(0).get("speedupIsLowerBound"));
        assertEquals("CQ-4/teardown", rows.get(1).get("window"));
        assertEquals(250.0, rows.get(1).get("speedup"));
        assertEquals(false, rows.get(1).get("speedupIsLowerBound"));
    }

    @Test
    void aDetectionOfAnotherBugDoesNotCountForTheDriversOwn() {
        Map<String, Object> s = stress("broken-cq-3", 2, 700.0); // a use after destroy, not a lost completion
        List<Map<String, Object>> rows = Bench.headline(List.of(launch("broken-cq-3", variant("CQ-3", 100, 100, 50))),
                List.of(s), BenchConfig.defaults());
        assertEquals(0L, rows.get(0).get("stressDetections"));
        assertEquals(null, rows.get(0).get("stressFirstDetectionMillis"));
        assertEquals(true, rows.get(0).get("speedupIsLowerBound"));
    }

    @Test
    void theReportHasEveryTableWithTheMachineAndTheCommand() {
        Map<String, Object> r = results();
        String md = Report.markdown(r);
        for (String heading : List.of("# Fabric TCK benchmark results", "## Headline: directed detection versus plain stress", "## 1. Directed detection",
                "## 2. Plain-stress baseline", "## 3. False positives", "## 4. Overhead", "### Start-up",
                "### Send-path throughput (JMH)", "## 5. Scale", "### Completions per CQ window",
                "### Peers in all-to-all first contact", "## 6. Connection setup on virtual time")) {
            assertTrue(md.contains(heading + "\n"), heading);
        }
        assertTrue(md.contains("- Machine: 2 cores (Test CPU)"), md);
        assertTrue(md.contains("`" + Bench.COMMAND + "`"), md);
        assertTrue(md.contains("| broken-cq-1 | CQ-1/b | 100/100 | 20 ms | 0 in 60.0 s | none in 60.0 s | > 3,000× |"), md);
        assertTrue(md.contains("| broken-cq-1 | CQ-1/a | 100 | 100 | 0 | 0 | 100 % | 40 ms | 40 ms | 40 ms | 40 ms |"), md);
        assertTrue(md.contains("| 8 | 56 | PASS | 340 ms |"), md);
        assertTrue(md.contains("Anything but PASS (counts, then the first such run's reason):\n\n- CQ-2: 0 FAIL, 1 ERROR"), md);
        assertTrue(md.contains("| 1,000 | 2 ms (2.0 µs each) | 20 ms (20.0 µs each) | skipped: too long |"), md);
        assertTrue(md.contains("runs at 10 % of its speed"), md);
        assertTrue(md.contains("| sample | CS-2/memory | 20 | 0 | 20 | 0 | 604 | 400 ms | 900 ms | 0.66 ms | – | – | 4.06 s | "
                + "≈ 604 × 4.06 s = 40.9 min |"), md);
        assertTrue(md.contains("| broken-cs-1 | CS-1/memory | 20 | 20 | 0 | 0 | 99 to the FAIL (phase 980 ms) | 120 ms | "
                + "700 ms | – | 120 ms | 700 ms | 3.04 s | – |"), md);
        assertTrue(md.contains("| sample | **all 1 variants, one run of each** | 20 | | | | 604 | 400 ms | 900 ms | | | | | "
                + "≈ 40.9 min |"), md);
        assertTrue(md.contains("| broken-cs-1 | **all 1 variants, one run of each** | 20 | | | | 99 | – | – | | | | | – |"),
                md);
        assertTrue(md.contains("`sample`'s slowest sweep: CS-2/memory, median 400 ms for 604 trials (0.66 ms a trial)."), md);
        assertFalse(md.contains("`broken-cs-1`'s slowest sweep"), md);
        assertTrue(md.contains("JVM wall time per driver (start-up and every run included): `sample` 5,000 ms, "
                + "`broken-cs-1` 5,000 ms."), md);
    }

    @Test
    @SuppressWarnings("unchecked")
    void virtualTimeOfManyHoursIsSaidInHours() {
        Map<String, Object> r = results();
        Map<String, Object> v = ((List<Map<String, Object>>) ((List<Map<String, Object>>) ((Map<String, Object>)
                r.get("connectionSetup")).get("drivers")).get(0).get("variants")).get(0);
        v.put("trialsRun", 6040);
        v.put("trials", 6040);
        v.put("virtualEstimateMillis", 6040L * 4060);
        assertTrue(Report.markdown(r).contains("≈ 6,040 × 4.06 s = 6.8 h"), Report.markdown(r));
    }

    private static Map<String, Object> results() {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("command", Bench.COMMAND);
        r.put("started", "2026-01-01T00:00:00Z");
        r.put("machine", Map.of("cores", 2, "cpu", "Test CPU", "memoryMiB", 1024, "jvm", "JVM 17", "os", "Linux",
                "loadAverage", "0.1 0.1 0.1"));
        r.put("settings", BenchConfig.defaults().asMap());
        List<Map<String, Object>> directed = List.of(launch("broken-cq-1", variant("CQ-1/a", 100, 100, 40),
                variant("CQ-1/b", 100, 100, 20)));
        List<Map<String, Object>> stress = List.of(stress("broken-cq-1", 0, null), stress("sample", 0, null));
        r.put("directed", directed);
        r.put("stress", stress);
        r.put("headline", Bench.headline(directed, stress, BenchConfig.defaults()));
        Map<String, Object> fp = launch("sample", variant("CQ-1/a", 1000, 0, -1), variant("CQ-2", 1000, 0, -1));
        ((Map<String, Object>) ((List<?>) fp.get("variants")).get(1)).put("error", 1);
        ((Map<String, Object>) ((List<?>) fp.get("variants")).get(1)).put("pass", 999);
        ((Map<String, Object>) ((List<?>) fp.get("variants")).get(1)).put("reason", "point never reached");
        fp.put("windows", "all");
        r.put("falsePositives", fp);
        Map<String, Object> side = new HashMap<>(Map.of("jvmStartToMainMillis", 50, "firstUseMillis", 100,
                "instrumentedClasses", 0, "transformFailures", 0, "drivers", 5));
        Map<String, Object> agent = new HashMap<>(Map.of("jvmStartToMainMillis", 450, "firstUseMillis", 300,
                "instrumentedClasses", 12, "transformFailures", 0, "drivers", 5));
        Map<String, Object> overhead = new LinkedHashMap<>();
        overhead.put("startup", Map.of("forks", 5, "withoutAgent", side, "withAgent", agent, "premainMillis", 400.0,
                "firstUseExtraMillis", 200.0));
        overhead.put("launchToFirstWindowMillis", 900L);
        overhead.put("throughput", Map.of("benchmark", "SendPathBenchmark.sendCompleteAwait", "forks", 2,
                "warmupIterations", 3, "iterations", 5, "iterationMillis", 1000,
                "withoutAgent", Map.of("score", 500.0, "error", 5.0, "unit", "ops/ms"),
                "withAgent", Map.of("score", 50.0, "error", 1.0, "unit", "ops/ms"), "ratio", 0.1));
        r.put("overhead", overhead);
        Map<String, Object> row = Map.of("completions", 1000L, "millis", 2.0, "nanosPerCompletion", 2000L);
        Map<String, Object> agentRow = Map.of("completions", 1000L, "millis", 20.0, "nanosPerCompletion", 20000L);
        Map<String, Object> skipped = Map.of("completions", 1000L, "skipped", "skipped: too long");
        r.put("scale", Map.of("completions", Map.of("burst", 100, "modes", Map.of("plain", List.of(row), "agent",
                List.of(agentRow), "window", List.of(skipped))), "peers", Map.of("peers", List.of(8), "rows",
                List.of(Map.of("peers", 8, "messages", 56, "outcome", "PASS", "millis", 340L)), "status", "measured")));
        Map<String, Object> csPass = variant("CS-2/memory", 20, 0, -1);
        csPass.put("outcome", "PASS");
        csPass.putAll(sweep(604, 604, 2000, 4060));
        csPass.put("wallMillis", Map.of("min", 350L, "median", 400L, "p95", 900L, "max", 900L));
        Map<String, Object> csFail = variant("CS-1/memory", 20, 20, 120);
        csFail.put("outcome", "FAIL");
        csFail.putAll(sweep(null, 99, 980, 3040));
        csFail.put("timeToDetectMillis", Map.of("min", 100L, "median", 120L, "p95", 700L, "max", 700L));
        csFail.put("wallMillis", Map.of("min", 100L, "median", 120L, "p95", 700L, "max", 700L));
        Map<String, Object> sample = launch("sample", csPass);
        sample.put("roundMillis", Map.of("min", 350L, "median", 400L, "p95", 900L, "max", 900L));
        r.put("connectionSetup", new LinkedHashMap<>(Map.of("runs", 20, "windows", "CS", "controlDelayMillis", 10,
                "phaseStepMillis", 10, "phaseMaxMillis", 2000, "phases", 201, "setupBoundSeconds", 10,
                "drivers", List.of(sample, launch("broken-cs-1", csFail)))));
        r.put("wallTimeSeconds", 600.0);
        r.put("loadAverageAtEnd", "0.2 0.1 0.1");
        return r;
    }

    private static Map<String, Object> launch(String driver, Map<String, Object>... variants) {
        Map<String, Object> l = new LinkedHashMap<>();
        l.put("driver", driver);
        l.put("windows", BenchConfig.windowOf(driver.equals("sample") ? "broken-cq-1" : driver));
        l.put("repeat", ((Number) variants[0].get("runs")).intValue());
        l.put("forkWallMillis", 5000L);
        l.put("variants", new ArrayList<>(List.of(variants)));
        return l;
    }

    private static Map<String, Object> variant(String label, int runs, int fail, long median) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("window", label);
        v.put("runs", runs);
        v.put("pass", runs - fail);
        v.put("fail", fail);
        v.put("error", 0);
        v.put("notApplicable", 0);
        v.put("detectionRate", Stats.rate(fail, runs));
        v.put("timeToDetectMillis", median < 0 ? null : Map.of("min", median, "median", median, "p95", median, "max", median));
        v.put("reason", null);
        return v;
    }

    private static Map<String, Object> sweep(Integer trials, int trialsRun, long phase, long virtualMillis) {
        Map<String, Object> s = new HashMap<>();
        s.put("trials", trials);
        s.put("trialsRun", trialsRun);
        s.put("lastTrialPhaseMillis", phase);
        s.put("lastTrialVirtualMillis", virtualMillis);
        s.put("virtualEstimateMillis", trials == null ? null : trials * virtualMillis);
        return s;
    }

    private static Map<String, Object> stress(String driver, long detections, Double first) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("driver", driver);
        s.put("seconds", 60.0);
        s.put("latency", "1-200 µs");
        s.put("appTimeoutMillis", 50L);
        s.put("connections", 100L);
        s.put("rounds", 10_000L);
        s.put("sends", 80_000L);
        s.put("detections", detections);
        s.put("byKind", Map.of("lost completion", 0L, "use after destroy", detections, "unacknowledged at destroy", 0L,
                "handler exception", 0L));
        Map<String, Object> firstByKind = new HashMap<>();
        firstByKind.put("use after destroy", first);
        firstByKind.put("lost completion", null);
        s.put("firstByKindMillis", firstByKind);
        s.put("firstDetectionMillis", first);
        s.put("firstDetection", first == null ? null : "use after destroy: ...");
        s.put("timeoutsWithoutLoss", 0L);
        return s;
    }
}
