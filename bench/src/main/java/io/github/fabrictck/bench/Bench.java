package io.github.fabrictck.bench;

import io.github.fabrictck.bench.cs.ConnectionSetup;
import io.github.fabrictck.bench.explore.ExplorationBench;
import io.github.fabrictck.bench.overhead.Overhead;
import io.github.fabrictck.bench.scale.PeerScale;
import io.github.fabrictck.bench.scale.Scale;
import io.github.fabrictck.bench.shard.ShardScale;
import io.github.fabrictck.bench.stress.StressMain;
import io.github.fabrictck.launcher.Catalog;
import io.github.fabrictck.report.Json;
import io.github.fabrictck.spi.Driver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * The benchmark: detection power and speed of the kit side by side with plain stress testing,
 * false positives, overhead, scale and the connection-setup family on virtual time. Writes
 * {@code bench-results.md} and {@code bench-results.json} in the directory given as the only
 * argument; settings come from {@code bench.*} system properties ({@link BenchConfig}).
 */
public final class Bench {

    /** The one command that runs the full benchmark, from the project's root. */
    public static final String COMMAND =
            "./mvnw -B -pl bench -am verify -Pbench -DskipTests -Dinvoker.skip=true -Dfabric-tck.skip=true";

    private Bench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: Bench OUTPUT_DIRECTORY");
            System.exit(2);
        }
        Path directory = Path.of(args[0]);
        if (!Boolean.getBoolean("bench.onCopies")) {
            System.exit(onCopies(directory));
        }
        BenchConfig config = BenchConfig.fromProperties(System.getProperties());
        List<String> flags = config.nonDefaultFlags();
        String command = COMMAND + (flags.isEmpty() ? "" : " " + String.join(" ", flags));
        run(config, directory, "bench-results", command);
        System.exit(0);
    }

    /**
     * Runs this main again in a JVM on a copy of this JVM's class path, so that another build that
     * rewrites the kit's jar or the benchmark's classes meanwhile cannot pull them from under it.
     *
     * @return the exit status of that JVM
     */
    private static int onCopies(Path directory) throws IOException, InterruptedException {
        Path copies = directory.resolve("bench-results-classpath");
        delete(copies);
        Forks forks = Forks.prepare(copies);
        List<String> options = new ArrayList<>();
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith("bench.")) {
                options.add("-D" + name + "=" + System.getProperty(name));
            }
        }
        options.add("-Dbench.onCopies=true");
        Process p = new ProcessBuilder(forks.command(options, forks.selfClasspath(), Bench.class.getName(),
                List.of(directory.toString()))).inheritIO().start();
        return p.waitFor();
    }

    /**
     * Runs every section and writes {@code NAME.md} and {@code NAME.json} in {@code directory}.
     *
     * @param command the command that reproduces this run, for the report
     * @return the results, as written to the JSON file
     */
    public static Map<String, Object> run(BenchConfig config, Path directory, String name, String command)
            throws Exception {
        long t0 = System.nanoTime();
        Path work = directory.resolve(name + "-work");
        delete(work);
        Files.createDirectories(work);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("schema", "fabric-tck-bench/1");
        r.put("started", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        r.put("command", command);
        r.put("machine", Machine.describe());
        r.put("settings", config.asMap());
        say("machine " + r.get("machine"));
        Forks forks = Forks.prepare(work);
        Catalog catalog = Catalog.discover();
        r.put("catalog", catalog.entries().stream().map(Catalog.Entry::label).toList());

        // One section, and one JVM, at a time, so that they do not disturb each other's timings.
        List<Map<String, Object>> directed = config.runs(1) ? directed(forks, config, work) : null;
        List<Map<String, Object>> stress = config.runs(2) ? stressAll(forks, config, work) : null;
        r.put("directed", directed);
        r.put("stress", stress);
        r.put("headline", directed == null || stress == null ? null : headline(directed, stress, config));
        Map<String, Object> fp = config.runs(3) ? falsePositives(forks, config, work, catalog) : null;
        r.put("falsePositives", fp);
        if (config.runs(4)) {
            Map<String, Object> overhead = new LinkedHashMap<>();
            say("4. overhead: start-up, " + config.startupForks() + " JVMs with and without the agent");
            overhead.put("startup", Overhead.startup(forks, config, work));
            overhead.put("launchToFirstWindowMillis", fp == null ? null : fp.get("launchToFirstWindowMillis"));
            say("4. overhead: send-path throughput (JMH)");
            overhead.put("throughput", Overhead.throughput(forks, config, work));
            r.put("overhead", overhead);
        }
        if (config.runs(5)) {
            say("5. scale: completions per window " + config.scaleSizes());
            Map<String, Object> scale = new LinkedHashMap<>();
            scale.put("completions", Scale.completions(forks, config, work));
            say("5. scale: peers in all-to-all first contact " + config.scalePeers());
            scale.put("peers", PeerScale.measure(forks, config.scalePeers(), work));
            r.put("scale", scale);
        }
        if (config.runs(6)) {
            r.put("connectionSetup", ConnectionSetup.measure(forks, config, work, Bench::say));
        }
        if (config.runs(7)) {
            r.put("shards", ShardScale.measure(forks, config, work, Bench::say));
        }
        if (config.runs(8)) {
            r.put("exploration", ExplorationBench.measure(forks, config.explore(), work, Bench::say));
        }

        r.put("wallTimeSeconds", Math.round((System.nanoTime() - t0) / 1e8) / 10.0);
        r.put("loadAverageAtEnd", Machine.loadAverage());
        Files.createDirectories(directory);
        Files.writeString(directory.resolve(name + ".json"), Json.pretty(r));
        Files.writeString(directory.resolve(name + ".md"), Report.markdown(r));
        say("wrote " + directory.resolve(name + ".md") + " and " + directory.resolve(name + ".json") + " in "
                + r.get("wallTimeSeconds") + " s");
        return r;
    }

    /** Section 1: one launcher JVM per known-broken driver, {@code --repeat runs} of its window. */
    private static List<Map<String, Object>> directed(Forks forks, BenchConfig config, Path work)
            throws IOException, InterruptedException {
        List<Map<String, Object>> directed = new ArrayList<>();
        for (String driver : knownBroken(config)) {
            String window = BenchConfig.windowOf(driver);
            say("1. directed: " + driver + ", " + window + ", " + config.runs() + " runs");
            Map<String, Object> d = Directed.launch(forks, driver, window, config.runs(), work.resolve("directed-" + driver),
                    Duration.ofSeconds(300 + config.runs() * 2L * 20));
            directed.add(d);
            say("   " + driver + ": " + summary(d));
        }
        return directed;
    }

    /** The drivers of sections 1 and 2: those configured, else every {@code broken-*} driver of the class path. */
    static List<String> knownBroken(BenchConfig config) {
        if (!config.drivers().isEmpty()) {
            return config.drivers();
        }
        List<String> names = new ArrayList<>();
        for (Driver d : ServiceLoader.load(Driver.class)) {
            if (d.name().startsWith("broken-")) {
                names.add(d.name());
            }
        }
        names.sort(null);
        return names;
    }

    /** Section 2: one JVM without the agent per driver (and the control). */
    private static List<Map<String, Object>> stressAll(Forks forks, BenchConfig config, Path work)
            throws IOException, InterruptedException {
        List<Map<String, Object>> stress = new ArrayList<>();
        List<String> stressed = new ArrayList<>(knownBroken(config));
        if (config.stressControl()) {
            stressed.add("sample");
        }
        for (String driver : stressed) {
            say("2. plain stress: " + driver + ", " + config.stressSeconds() + " s");
            stress.add(stress(forks, driver, config, work));
        }
        return stress;
    }

    /** Section 3: {@code sample}, the whole catalog, {@code --repeat falsePositiveRuns}. */
    private static Map<String, Object> falsePositives(Forks forks, BenchConfig config, Path work, Catalog catalog)
            throws IOException, InterruptedException {
        String windows = config.falsePositiveWindows().isEmpty() ? null : String.join(",", config.falsePositiveWindows());
        say("3. false positives: sample, " + (windows == null ? "whole catalog" : windows) + ", "
                + config.falsePositiveRuns() + " runs");
        Map<String, Object> fp = Directed.launch(forks, "sample", windows, config.falsePositiveRuns(),
                work.resolve("false-positives"),
                Duration.ofSeconds(300 + (long) config.falsePositiveRuns() * catalog.entries().size() * 20));
        say("   sample: " + summary(fp));
        return fp;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> stress(Forks forks, String driver, BenchConfig config, Path work)
            throws IOException, InterruptedException {
        Path out = work.resolve("stress-" + driver + ".json");
        Forks.Outcome o = Forks.run(forks.command(List.of(), forks.benchClasspath(), StressMain.class.getName(),
                        List.of(driver, Double.toString(config.stressSeconds()), Long.toString(config.seed()), out.toString())),
                work.resolve("stress-" + driver + ".log"), Duration.ofSeconds((long) config.stressSeconds() + 120L), null);
        if (o.exitCode() != 0 || !Files.exists(out)) {
            Map<String, Object> failed = new LinkedHashMap<>();
            failed.put("driver", driver);
            failed.put("problem", "the stress fork failed (exit " + o.exitCode() + (o.timedOut() ? ", timed out" : "")
                    + "); see " + o.log());
            return failed;
        }
        Map<String, Object> s = (Map<String, Object>) Json.parse(Files.readString(out));
        s.put("forkWallMillis", o.wallMillis());
        say("   " + driver + ": " + (s.get("notAvailable") != null ? s.get("notAvailable")
                : s.get("detections") + " detection(s); first at " + s.get("firstDetectionMillis") + " ms"));
        return s;
    }

    /**
     * The plain-stress detections that show the bug of a known-broken driver's window: a lost completion
     * for CQ-1 to CQ-3, a use after destroy, unacknowledged events at destroy or a handler exception for
     * CQ-4 (event hygiene). A detection of another kind is another bug, and does not count for it.
     */
    static List<String> kindsShowing(String window) {
        return window.equals("CQ-4") ? List.of("use after destroy", "unacknowledged at destroy", "handler exception")
                : List.of("lost completion");
    }

    /** Per known-broken driver: the directed median beside the plain-stress time to first detection of its bug. */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> headline(List<Map<String, Object>> directed, List<Map<String, Object>> stress,
                                              BenchConfig config) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map<String, Object> d : directed) {
            String driver = (String) d.get("driver");
            Map<String, Object> v = Directed.catching((List<Map<String, Object>>) d.get("variants"));
            Map<String, Object> s = stress.stream().filter(x -> driver.equals(x.get("driver"))).findFirst().orElse(Map.of());
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("driver", driver);
            row.put("window", v == null ? BenchConfig.windowOf(driver) : v.get("window"));
            row.put("directedRuns", v == null ? 0 : v.get("runs"));
            row.put("directedDetected", v == null ? 0 : v.get("fail"));
            long median = v == null ? Long.MAX_VALUE : Directed.median(v);
            row.put("directedMedianMillis", median == Long.MAX_VALUE ? null : median);
            row.put("stressSeconds", s.getOrDefault("seconds", config.stressSeconds()));
            List<String> kinds = kindsShowing(BenchConfig.windowOf(driver));
            row.put("stressKinds", kinds);
            Map<String, Object> byKind = (Map<String, Object>) s.get("byKind");
            Map<String, Object> firstByKind = (Map<String, Object>) s.get("firstByKindMillis");
            Long detections = byKind == null ? null
                    : kinds.stream().mapToLong(k -> ((Number) byKind.getOrDefault(k, 0L)).longValue()).sum();
            Double first = firstByKind == null ? null : kinds.stream().map(firstByKind::get).filter(x -> x != null)
                    .map(x -> ((Number) x).doubleValue()).min(Double::compare).orElse(null);
            row.put("stressDetections", detections);
            row.put("stressFirstDetectionMillis", first);
            if (median == Long.MAX_VALUE || s.containsKey("problem") || s.containsKey("notAvailable") || s.isEmpty()) {
                row.put("speedup", null);
                row.put("speedupIsLowerBound", false);
            } else if (first == null) {
                row.put("speedup", Stats.speedup(((Number) s.get("seconds")).doubleValue() * 1000, median));
                row.put("speedupIsLowerBound", true);
            } else {
                row.put("speedup", Stats.speedup(((Number) first).doubleValue(), median));
                row.put("speedupIsLowerBound", false);
            }
            rows.add(row);
        }
        return rows;
    }

    @SuppressWarnings("unchecked")
    private static String summary(Map<String, Object> launch) {
        StringBuilder s = new StringBuilder("fork " + launch.get("forkWallMillis") + " ms, exit " + launch.get("exitCode"));
        for (Map<String, Object> v : (List<Map<String, Object>>) launch.get("variants")) {
            s.append("; ").append(v.get("window")).append(": ").append(v.get("fail")).append(" FAIL, ")
                    .append(v.get("pass")).append(" PASS, ").append(v.get("error")).append(" ERROR");
        }
        return s.toString();
    }

    private static void say(String line) {
        System.out.println("bench: " + line);
        System.out.flush();
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
