package io.github.fabrictck.bench;

import io.github.fabrictck.bench.explore.ExploreConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The benchmark's settings. Each is read from a system property {@code bench.NAME}; an absent or
 * empty property means the default below (the {@code bench} profile passes every property on, empty
 * when it was not given on the command line).
 *
 * @param runs                directed runs per known-broken driver ({@code bench.runs}, 100)
 * @param drivers             the known-broken drivers ({@code bench.drivers}; empty, the default: every
 *                            {@code broken-*} driver on the class path); each is judged on the window its
 *                            name gives ({@code broken-cq-1}: {@code CQ-1})
 * @param stressSeconds       plain-stress budget per driver ({@code bench.stressSeconds}, 60)
 * @param stressControl       also stress the compliant {@code sample} as a control of the stress
 *                            detector ({@code bench.stressControl}, true)
 * @param falsePositiveRuns   runs of the whole catalog on {@code sample} ({@code bench.falsePositiveRuns}, 1000)
 * @param falsePositiveWindows the windows of the false-positive run ({@code bench.falsePositiveWindows}, CQ and
 *                            HS: the CS sweeps have their own section; empty: the whole catalog)
 * @param startupForks        JVMs started with and without the agent for the start-up cost ({@code bench.startupForks}, 5)
 * @param jmhForks            JMH forks per configuration ({@code bench.jmhForks}, 2)
 * @param jmhWarmupIterations JMH warm-up iterations ({@code bench.jmhWarmupIterations}, 3)
 * @param jmhIterations       JMH measured iterations ({@code bench.jmhIterations}, 5)
 * @param jmhIterationMillis  length of one JMH iteration ({@code bench.jmhIterationMillis}, 1000)
 * @param scaleSizes          completions per window for the scale table ({@code bench.scaleSizes}, 10^3..10^6)
 * @param scaleCapSeconds     a scale run longer than this skips the larger sizes of its mode
 *                            ({@code bench.scaleCapSeconds}, 120)
 * @param scalePeers          peer counts of the all-to-all first-contact scale table ({@code bench.scalePeers}, 8..64)
 * @param csRuns              runs of the connection-setup windows per driver ({@code bench.csRuns}, 20)
 * @param csDrivers           the drivers of the connection-setup section ({@code bench.csDrivers}; empty, the
 *                            default: {@code sample} and every {@code broken-cs-*} driver on the class path)
 * @param csWindows           the windows of the connection-setup section ({@code bench.csWindows}, {@code CS}: the
 *                            whole family)
 * @param seed                seed of every random choice of the stress device and loop ({@code bench.seed}, 1)
 * @param shardCounts         shard counts of the sharding section ({@code bench.shardCounts}, 1, 2, 4)
 * @param shardWindows        the windows of the sharding section ({@code bench.shardWindows}, CQ and HS)
 * @param shardRepeat         runs of each of those window variants ({@code bench.shardRepeat}, 2)
 * @param explore             section 8, exploration ({@code bench.explore*}, {@link ExploreConfig})
 * @param sections            the sections to run ({@code bench.sections}, 1 to 8: all; for example {@code 8} for the
 *                            exploration alone; the headline needs 1 and 2)
 */
public record BenchConfig(int runs, List<String> drivers, double stressSeconds, boolean stressControl,
                          int falsePositiveRuns, List<String> falsePositiveWindows, int startupForks, int jmhForks, int jmhWarmupIterations,
                          int jmhIterations, int jmhIterationMillis, List<Integer> scaleSizes, int scaleCapSeconds,
                          List<Integer> scalePeers, int csRuns, List<String> csDrivers, List<String> csWindows,
                          long seed, List<Integer> shardCounts, List<String> shardWindows, int shardRepeat,
                          ExploreConfig explore, List<Integer> sections) {

    /** Whether section {@code n} runs. */
    public boolean runs(int n) {
        return sections.contains(n);
    }

    /** The settings of the full run. */
    public static BenchConfig defaults() {
        return new BenchConfig(100, List.of(), 60, true, 1000,
                List.of("CQ", "HS"), 5, 2, 3, 5, 1000, List.of(1_000, 10_000, 100_000, 1_000_000), 120, List.of(8, 16, 32, 64),
                20, List.of(), List.of("CS"), 1, List.of(1, 2, 4), List.of("CQ", "HS"), 2, ExploreConfig.defaults(),
                List.of(1, 2, 3, 4, 5, 6, 7, 8));
    }

    /**
     * The settings of the smoke that the default build runs: every section, as small as it gets (one
     * known-broken driver, one run, half a second of stress, one window for false positives, one JVM
     * per configuration; one JVM for connection setup: two runs of CS-1, which {@code broken-cs-2} passes,
     * and CS-2, which it fails; two runs of CQ-3 on {@code sample} in one shard and in two).
     */
    public static BenchConfig smoke() {
        return new BenchConfig(1, List.of("broken-cq-3"), 0.5, true, 1, List.of("CQ-3"), 1, 1, 0, 1, 100,
                List.of(1_000), 10, List.of(8), 2, List.of("broken-cs-2"), List.of("CS-1", "CS-2"), 1, List.of(1, 2),
                List.of("CQ-3"), 2, ExploreConfig.smoke(),
                List.of(1, 2, 3, 4, 5, 6, 7, 8));
    }

    /** {@link #defaults()} with every {@code bench.*} property that is set and not empty applied. */
    public static BenchConfig fromProperties(Properties p) {
        BenchConfig d = defaults();
        return new BenchConfig(
                integer(p, "runs", d.runs),
                list(p, "drivers", d.drivers),
                decimal(p, "stressSeconds", d.stressSeconds),
                Boolean.parseBoolean(value(p, "stressControl", Boolean.toString(d.stressControl))),
                integer(p, "falsePositiveRuns", d.falsePositiveRuns),
                list(p, "falsePositiveWindows", d.falsePositiveWindows),
                integer(p, "startupForks", d.startupForks),
                integer(p, "jmhForks", d.jmhForks),
                integer(p, "jmhWarmupIterations", d.jmhWarmupIterations),
                integer(p, "jmhIterations", d.jmhIterations),
                integer(p, "jmhIterationMillis", d.jmhIterationMillis),
                list(p, "scaleSizes", null) == null ? d.scaleSizes
                        : list(p, "scaleSizes", null).stream().map(Integer::valueOf).toList(),
                integer(p, "scaleCapSeconds", d.scaleCapSeconds),
                list(p, "scalePeers", null) == null ? d.scalePeers
                        : list(p, "scalePeers", null).stream().map(Integer::valueOf).toList(),
                integer(p, "csRuns", d.csRuns),
                list(p, "csDrivers", d.csDrivers),
                list(p, "csWindows", d.csWindows),
                Long.parseLong(value(p, "seed", Long.toString(d.seed))),
                list(p, "shardCounts", null) == null ? d.shardCounts
                        : list(p, "shardCounts", null).stream().map(Integer::valueOf).toList(),
                list(p, "shardWindows", d.shardWindows),
                integer(p, "shardRepeat", d.shardRepeat),
                new ExploreConfig(value(p, "exploreStrategy", d.explore.strategy()),
                        list(p, "exploreSeeds", null) == null ? d.explore.seeds()
                                : list(p, "exploreSeeds", null).stream().map(Long::valueOf).toList(),
                        integer(p, "exploreSchedules", d.explore.schedules()),
                        list(p, "exploreDrivers", d.explore.drivers()),
                        list(p, "exploreControls", d.explore.controls()),
                        integer(p, "exploreControlSchedules", d.explore.controlSchedules()),
                        integer(p, "exploreDesignSchedules", d.explore.designSchedules()),
                        list(p, "exploreShardCounts", null) == null ? d.explore.shardCounts()
                                : list(p, "exploreShardCounts", null).stream().map(Integer::valueOf).toList(),
                        integer(p, "exploreShardBlocks", d.explore.shardBlocks())),
                list(p, "sections", null) == null ? d.sections
                        : list(p, "sections", null).stream().map(Integer::valueOf).toList());
    }

    /** The settings as {@code -Dbench.NAME=VALUE} flags, only those that differ from the defaults. */
    public List<String> nonDefaultFlags() {
        List<String> flags = new ArrayList<>();
        Map<String, Object> mine = asMap();
        Map<String, Object> standard = defaults().asMap();
        mine.forEach((k, v) -> {
            if (!v.equals(standard.get(k))) {
                String text = v instanceof List<?> l ? String.join(",", l.stream().map(String::valueOf).toList())
                        : String.valueOf(v);
                flags.add("-Dbench." + k + "=" + text);
            }
        });
        return flags;
    }

    /** The settings by property name, for the JSON report. */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("runs", runs);
        m.put("drivers", drivers);
        m.put("stressSeconds", stressSeconds);
        m.put("stressControl", stressControl);
        m.put("falsePositiveRuns", falsePositiveRuns);
        m.put("falsePositiveWindows", falsePositiveWindows);
        m.put("startupForks", startupForks);
        m.put("jmhForks", jmhForks);
        m.put("jmhWarmupIterations", jmhWarmupIterations);
        m.put("jmhIterations", jmhIterations);
        m.put("jmhIterationMillis", jmhIterationMillis);
        m.put("scaleSizes", scaleSizes);
        m.put("scaleCapSeconds", scaleCapSeconds);
        m.put("scalePeers", scalePeers);
        m.put("csRuns", csRuns);
        m.put("csDrivers", csDrivers);
        m.put("csWindows", csWindows);
        m.put("seed", seed);
        m.put("shardCounts", shardCounts);
        m.put("shardWindows", shardWindows);
        m.put("shardRepeat", shardRepeat);
        m.put("exploreStrategy", explore.strategy());
        m.put("exploreSeeds", explore.seeds());
        m.put("exploreSchedules", explore.schedules());
        m.put("exploreDrivers", explore.drivers());
        m.put("exploreControls", explore.controls());
        m.put("exploreControlSchedules", explore.controlSchedules());
        m.put("exploreDesignSchedules", explore.designSchedules());
        m.put("exploreShardCounts", explore.shardCounts());
        m.put("exploreShardBlocks", explore.shardBlocks());
        m.put("sections", sections);
        return m;
    }

    /** The window a known-broken driver is judged on: {@code broken-cq-1} is judged on {@code CQ-1}. */
    public static String windowOf(String driver) {
        if (!driver.startsWith("broken-")) {
            throw new IllegalArgumentException(driver + " is not a known-broken driver (broken-<window id>)");
        }
        return driver.substring("broken-".length()).toUpperCase(java.util.Locale.ROOT);
    }

    private static String value(Properties p, String name, String fallback) {
        String v = p.getProperty("bench." + name);
        return v == null || v.isBlank() ? fallback : v.trim();
    }

    private static int integer(Properties p, String name, int fallback) {
        String v = value(p, name, null);
        if (v == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-Dbench." + name + "=" + v + " is not a whole number");
        }
    }

    private static double decimal(Properties p, String name, double fallback) {
        String v = value(p, name, null);
        if (v == null) {
            return fallback;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-Dbench." + name + "=" + v + " is not a number");
        }
    }

    private static List<String> list(Properties p, String name, List<String> fallback) {
        String v = value(p, name, null);
        return v == null ? fallback : Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
