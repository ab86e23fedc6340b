package io.github.fabrictck.bench.explore;

import io.github.fabrictck.bench.Directed;
import io.github.fabrictck.bench.Forks;
import io.github.fabrictck.bench.Stats;
import io.github.fabrictck.bench.shard.ShardScale;
import io.github.fabrictck.explore.Exploration;
import io.github.fabrictck.launcher.Catalog;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.TraceEvent;
import io.github.fabrictck.report.WindowResult;
import io.github.fabrictck.spi.Driver;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Section 8: exploration. Each known-broken driver (the sample driver's and the zoo's) explored by its family's
 * exploration window ({@code CQ-X}, ...: the scripted window that catches it is not run) from each configured seed,
 * one launcher JVM per exploration as the plugin forks it: schedules and wall time to the first failure, and what
 * shrinking cost; compliant drivers explored at length (false failures, schedules a second); an exploration of
 * {@code sample} split into shards and merged (the verdicts must not change). The figures come from the result file:
 * the verdict, and the sentence the window opened with ({@code window opened: 1000 schedule(s) of the pct scheduler
 * ran (seeds 0..999), ..., 46 schedules/s, 21640 ms}).
 */
public final class ExplorationBench {

    private static final Pattern RAN = Pattern.compile("(\\d+) schedule\\(s\\) of the (\\w+) scheduler ran");
    private static final Pattern DISTINCT = Pattern.compile("(\\d+) distinct interleaving");
    private static final Pattern DECISIONS = Pattern.compile("(\\d+) decisions a schedule");
    private static final Pattern RATE = Pattern.compile("(\\d+) schedules/s");
    private static final Pattern MILLIS = Pattern.compile("schedules/s, (\\d+) ms");
    private static final Pattern SHRINK_MILLIS = Pattern.compile("(\\d+) ms shrinking");
    private static final Pattern SHRUNK = Pattern.compile(
            "shrunk from (\\d+) to (\\d+) decisions and from (\\d+) to (\\d+) thread switches in (\\d+) replays");
    private static final String OPENED = "window opened: ";

    private ExplorationBench() {
    }

    /** Runs the section; its JSON-ready figures. */
    public static Map<String, Object> measure(Forks plain, ExploreConfig config, Path work, Consumer<String> say)
            throws IOException, InterruptedException {
        Forks forks = plain.withZoo();
        Map<String, Object> r = new LinkedHashMap<>();
        Set<String> windows = explorationWindows();
        r.put("strategy", config.strategy());
        r.put("schedules", config.schedules());
        r.put("seeds", config.seeds());
        r.put("windows", List.copyOf(windows));

        List<Map<String, Object>> broken = new ArrayList<>();
        for (String driver : knownBroken(config)) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("driver", driver);
            String window = windowOf(driver, windows);
            d.put("window", window);
            List<Map<String, Object>> runs = new ArrayList<>();
            if (window != null) {
                for (long seed : config.seeds()) {
                    say.accept("8. exploration: " + driver + ", " + window + ", " + config.strategy() + ", seed " + seed
                            + ", at most " + config.schedules() + " schedules");
                    Map<String, Object> run = explore(forks, driver, window, config.strategy(), seed, config.schedules(),
                            1, work.resolve("explore-" + driver + "-" + seed));
                    runs.add(run);
                    say.accept("   " + run.get("outcome") + (run.get("schedules") == null ? ""
                            : " after " + run.get("schedules") + " schedule(s), " + run.get("millis") + " ms"));
                }
            }
            d.put("runs", runs);
            summarize(d, runs);
            broken.add(d);
        }
        r.put("broken", broken);

        List<Map<String, Object>> controls = new ArrayList<>();
        for (String driver : config.controls()) {
            controls.add(control(forks, driver, windows, config, config.controlSchedules(), work, say));
        }
        r.put("controls", controls);
        List<Map<String, Object>> designs = new ArrayList<>();
        if (config.designSchedules() > 0) {
            for (String driver : compliantDesigns(config)) {
                designs.add(control(forks, driver, windows, config, config.designSchedules(), work, say));
            }
        }
        r.put("designs", designs);

        if (windows.contains("CQ-X") && !config.shardCounts().isEmpty()) {
            r.put("shards", ShardScale.measure(plain, "CQ-X", config.shardBlocks(), config.shardCounts(),
                    settings(config.strategy(), 0, config.schedules()), work.resolve("explore-shards"),
                    "8. exploration shards", say));
        }
        return r;
    }

    /** One exploration of {@code window} on {@code driver}: one JVM, {@code blocks} runs of {@code schedules} seeds each. */
    private static Map<String, Object> explore(Forks forks, String driver, String window, String strategy, long seed,
                                               int schedules, int blocks, Path out)
            throws IOException, InterruptedException {
        Map<String, Object> launched = Directed.launch(forks, driver, window, blocks, out,
                Duration.ofSeconds(300 + (long) blocks * schedules), settings(strategy, seed, schedules));
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("seed", seed);
        run.put("exitCode", launched.get("exitCode"));
        run.put("log", launched.get("log"));
        List<Map<String, Object>> variants = new ArrayList<>();
        try {
            Result result = ResultJson.read(out.resolve(ResultJson.FILE_NAME));
            for (WindowResult w : result.windows()) {
                variants.add(variant(w));
            }
        } catch (IOException e) {
            run.put("problem", e.getMessage());
        }
        run.put("variants", variants);
        // the run's figures are those of the variant that failed soonest (the family's exploration finds the bug there),
        // else of the first that ran; every variant's are in "variants"
        Map<String, Object> lead = variants.stream().filter(v -> "FAIL".equals(v.get("outcome")))
                .min(java.util.Comparator.comparingLong(v -> v.get("schedules") == null ? Long.MAX_VALUE
                        : ((Number) v.get("schedules")).longValue()))
                .orElse(variants.stream().filter(v -> !"NOT_APPLICABLE".equals(v.get("outcome"))).findFirst()
                        .orElse(variants.isEmpty() ? Map.of() : variants.get(0)));
        run.put("outcome", lead.getOrDefault("outcome", "NO RESULT"));
        for (String k : List.of("window", "schedules", "firstFailureMillis", "millis", "rate", "distinct",
                "decisionsPerSchedule", "shrink", "reason")) {
            if (lead.get(k) != null) {
                run.put(k, lead.get(k));
            }
        }
        return run;
    }

    /** A compliant driver on every exploration window, {@code schedules} schedules each (blocks of at most 1,000). */
    private static Map<String, Object> control(Forks forks, String driver, Set<String> windows, ExploreConfig config,
                                               int schedules, Path work, Consumer<String> say)
            throws IOException, InterruptedException {
        int block = Math.min(1000, schedules);
        int blocks = Math.max(1, schedules / block);
        say.accept("8. exploration: compliant " + driver + ", " + String.join(",", windows) + ", " + blocks + " x "
                + block + " schedules");
        Map<String, Object> launched = Directed.launch(forks, driver, String.join(",", windows), blocks,
                work.resolve("explore-control-" + driver), Duration.ofSeconds(300 + (long) blocks * block * windows.size()),
                settings(config.strategy(), 0, block));
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("driver", driver);
        c.put("schedulesPerWindow", blocks * block);
        c.put("exitCode", launched.get("exitCode"));
        c.put("log", launched.get("log"));
        List<Map<String, Object>> variants = new ArrayList<>();
        for (Object o : (List<?>) launched.get("variants")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> v = (Map<String, Object>) o;
            Map<String, Object> row = new LinkedHashMap<>();
            for (String k : List.of("window", "outcome", "runs", "pass", "fail", "error", "notApplicable", "reason",
                    "wallMillis")) {
                row.put(k, v.get(k));
            }
            variants.add(row);
        }
        // the schedules a second of each variant's first run, from the result's evidence
        try {
            Result result = ResultJson.read(work.resolve("explore-control-" + driver).resolve(ResultJson.FILE_NAME));
            for (WindowResult w : result.windows()) {
                Map<String, Object> figures = variant(w);
                variants.stream().filter(v -> w.label().equals(v.get("window"))).forEach(v -> {
                    v.put("rate", figures.get("rate"));
                    v.put("distinct", figures.get("distinct"));
                    v.put("decisionsPerSchedule", figures.get("decisionsPerSchedule"));
                });
            }
        } catch (IOException e) {
            c.put("problem", e.getMessage());
        }
        c.put("variants", variants);
        say.accept("   " + driver + ": " + variants.stream().map(v -> v.get("window") + " " + v.get("outcome")
                + (v.get("fail") == null ? "" : " (" + v.get("fail") + " failing runs)")).toList());
        return c;
    }

    /** The kit's settings of an exploration, as JVM options of the fork. */
    static List<String> settings(String strategy, long seed, int schedules) {
        List<String> options = new ArrayList<>(Exploration.FORK_JIT_OPTIONS); // as the plugin forks an exploration
        options.addAll(List.of("-Dfabric-tck.explore=" + strategy, "-Dfabric-tck.seed=" + seed,
                "-Dfabric-tck.schedules=" + schedules,
                // the budget is the schedules: neither the wall-time cap nor the window's timeout cuts it short
                "-Dfabric-tck.exploreSeconds=" + (60 + schedules), "-Dfabric-tck.windowTimeout=" + (120 + 2 * schedules)));
        return options;
    }

    /** One variant's figures from its verdict and the sentence it opened with. */
    static Map<String, Object> variant(WindowResult w) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("window", w.label());
        v.put("outcome", w.outcome().name());
        String opened = opened(w);
        Long ran = group(RAN, opened);
        v.put("schedules", ran);
        v.put("distinct", group(DISTINCT, opened));
        v.put("decisionsPerSchedule", group(DECISIONS, opened));
        v.put("rate", group(RATE, opened));
        Long millis = group(MILLIS, opened);
        v.put("millis", millis);
        if (w.outcome() == io.github.fabrictck.report.Outcome.FAIL) {
            v.put("firstFailureMillis", millis);
            Matcher m = opened == null ? null : SHRUNK.matcher(opened);
            if (m != null && m.find()) {
                Map<String, Object> shrink = new LinkedHashMap<>();
                shrink.put("decisionsBefore", Long.parseLong(m.group(1)));
                shrink.put("decisionsAfter", Long.parseLong(m.group(2)));
                shrink.put("switchesBefore", Long.parseLong(m.group(3)));
                shrink.put("switchesAfter", Long.parseLong(m.group(4)));
                shrink.put("replays", Long.parseLong(m.group(5)));
                shrink.put("millis", group(SHRINK_MILLIS, opened));
                v.put("shrink", shrink);
            }
        }
        String reason = w.reason();
        v.put("reason", reason == null || reason.length() <= 300 ? reason : reason.substring(0, 300) + " ...");
        return v;
    }

    private static String opened(WindowResult w) {
        for (TraceEvent e : w.trace()) {
            if ("kit".equals(e.thread()) && e.event() != null && e.event().startsWith(OPENED)) {
                return e.event();
            }
        }
        return null;
    }

    private static Long group(Pattern p, String text) {
        if (text == null) {
            return null;
        }
        Matcher m = p.matcher(text);
        return m.find() ? Long.valueOf(m.group(1)) : null;
    }

    /** Per driver: in how many explorations the bug was found, and the medians of those that found it. */
    private static void summarize(Map<String, Object> d, List<Map<String, Object>> runs) {
        List<Long> schedules = new ArrayList<>();
        List<Long> millis = new ArrayList<>();
        for (Map<String, Object> run : runs) {
            if ("FAIL".equals(run.get("outcome")) && run.get("schedules") != null) {
                schedules.add(((Number) run.get("schedules")).longValue());
                if (run.get("firstFailureMillis") != null) {
                    millis.add(((Number) run.get("firstFailureMillis")).longValue());
                }
            }
        }
        d.put("found", schedules.size());
        d.put("explorations", runs.size());
        d.put("medianSchedules", schedules.isEmpty() ? null : Stats.median(schedules.stream().mapToLong(Long::longValue).toArray()));
        d.put("maxSchedules", schedules.stream().mapToLong(Long::longValue).max().stream().boxed().findFirst().orElse(null));
        d.put("medianFirstFailureMillis", millis.isEmpty() ? null : Stats.median(millis.stream().mapToLong(Long::longValue).toArray()));
    }

    /** The exploration windows of the catalog ({@code CQ-X}, ...). */
    static Set<String> explorationWindows() {
        Set<String> ids = new LinkedHashSet<>();
        Catalog.discover(true).entries().stream().map(e -> e.window().id()).filter(id -> id.endsWith("-X"))
                .forEach(ids::add);
        return ids;
    }

    /** The exploration window of a driver's family, from its name ({@code broken-cq-3}, {@code zoo-hs-...-broken}), or {@code null}. */
    static String windowOf(String driver, Set<String> windows) {
        for (String token : driver.toLowerCase(Locale.ROOT).split("-")) {
            String id = token.toUpperCase(Locale.ROOT) + "-X";
            if (windows.contains(id)) {
                return id;
            }
        }
        return null;
    }

    private static List<String> knownBroken(ExploreConfig config) {
        if (!config.drivers().isEmpty()) {
            return config.drivers();
        }
        return names().stream().filter(n -> n.startsWith("broken-") || n.endsWith("-broken")).toList();
    }

    private static List<String> compliantDesigns(ExploreConfig config) {
        return names().stream().filter(n -> !n.startsWith("broken-") && !n.endsWith("-broken")
                && !config.controls().contains(n)).toList();
    }

    /** Every driver of this JVM's class path (the sample driver's and the zoo's), by name. */
    private static List<String> names() {
        List<String> names = new ArrayList<>();
        for (Driver d : ServiceLoader.load(Driver.class)) {
            names.add(d.name());
        }
        names.sort(null);
        return names;
    }
}
