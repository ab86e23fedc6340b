package io.github.fabrictck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The smoke of the benchmark that the default build runs: every section, at its smallest
 * ({@link BenchConfig#smoke()}), with real forks; it checks that the tables are produced, never a
 * timing.
 */
class BenchSmokeTest {

    @Test
    @SuppressWarnings("unchecked")
    void everySectionProducesItsTable() throws Exception {
        Path out = Path.of("target", "bench-smoke");
        Map<String, Object> r = Bench.run(BenchConfig.smoke(), out, "bench-results", "smoke: " + Bench.COMMAND);

        String md = Files.readString(out.resolve("bench-results.md"));
        Map<String, Object> json = (Map<String, Object>) Json.parse(Files.readString(out.resolve("bench-results.json")));
        assertEquals(r.get("command"), json.get("command"));
        for (String heading : List.of("## Headline", "## 1. Directed detection", "## 2. Plain-stress baseline",
                "## 3. False positives", "## 4. Overhead", "## 5. Scale", "## 6. Connection setup on virtual time",
                "## 7. Sharding", "## 8. Exploration")) {
            assertTrue(md.contains(heading), heading + " in\n" + md);
        }
        assertTrue(md.contains("| broken-cq-3 | CQ-3 | 1 | "), md);
        assertTrue(md.contains("| sample | "), "the stress control\n" + md);
        assertTrue(md.contains("| CQ-3 | 1 | "), "the false-positive table\n" + md);
        assertTrue(md.contains("| without agent | "), md);
        assertTrue(md.contains("| 1,000 | "), md);
        assertTrue(md.contains("| broken-cs-2 | CS-1/memory | 2 | 0 | 2 | 0 | 202 | "), "a whole sweep\n" + md);
        assertTrue(md.contains("| broken-cs-2 | CS-2/memory | 2 | 2 | 0 | 0 | "), "a sweep up to its FAIL\n" + md);

        List<Map<String, Object>> directed = (List<Map<String, Object>>) json.get("directed");
        assertEquals(0L, directed.get(0).get("exitCode"), "the launcher fork: " + directed.get(0).get("log"));
        assertFalse(((List<?>) directed.get(0).get("variants")).isEmpty(), directed.toString());
        List<Map<String, Object>> stress = (List<Map<String, Object>>) json.get("stress");
        assertEquals(List.of("broken-cq-3", "sample"), stress.stream().map(s -> s.get("driver")).toList());
        stress.forEach(s -> assertFalse(s.containsKey("problem"), s.toString()));
        Map<String, Object> cs = (Map<String, Object>) json.get("connectionSetup");
        List<Map<String, Object>> csDrivers = (List<Map<String, Object>>) cs.get("drivers");
        assertEquals(List.of("broken-cs-2"), csDrivers.stream().map(d -> d.get("driver")).toList());
        csDrivers.forEach(d -> assertEquals(0L, d.get("exitCode"), "the CS fork: " + d.get("log")));
        List<Map<String, Object>> shards = (List<Map<String, Object>>) ((Map<String, Object>) json.get("shards")).get("counts");
        assertEquals(List.of(1L, 2L), shards.stream().map(s -> s.get("shards")).toList());
        shards.forEach(s -> assertEquals(Boolean.TRUE, s.get("verdictsAsFirst"), "merged as unsharded: " + s));
        Map<String, Object> exploration = (Map<String, Object>) json.get("exploration");
        Map<String, Object> found = ((List<Map<String, Object>>) exploration.get("broken")).get(0);
        assertEquals("broken-cq-4", found.get("driver"));
        assertEquals("CQ-X", found.get("window"));
        assertEquals(1L, found.get("found"), "CQ-X finds broken-cq-4's bug within 50 schedules: " + found);
        assertTrue(md.contains("| broken-cq-4 | CQ-X | 1 / 1 | "), md);
        Map<String, Object> control = ((List<Map<String, Object>>) exploration.get("controls")).get(0);
        ((List<Map<String, Object>>) control.get("variants")).forEach(v -> assertEquals(0L, v.get("fail"),
                "no false failure on sample: " + v));
        List<Map<String, Object>> explorationShards = (List<Map<String, Object>>) ((Map<String, Object>) exploration
                .get("shards")).get("counts");
        explorationShards.forEach(s -> assertEquals(Boolean.TRUE, s.get("verdictsAsFirst"), "merged as unsharded: " + s));
        Map<String, Object> startup = (Map<String, Object>) ((Map<String, Object>) json.get("overhead")).get("startup");
        assertTrue(((Number) ((Map<String, Object>) startup.get("withAgent")).get("instrumentedClasses")).intValue() > 0,
                "the agent rewrote the driver's classes: " + startup);
    }
}
