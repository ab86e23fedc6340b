package io.github.fabrictck.bench.shard;

import io.github.fabrictck.bench.BenchConfig;
import io.github.fabrictck.bench.Forks;
import io.github.fabrictck.launcher.Catalog;
import io.github.fabrictck.launcher.Sharding;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Section 7: scaling with the number of shards, simulated on this machine. For each n the run
 * ({@code sample}, the section's windows, {@code repeat} runs each) is split into n shards
 * ({@code --shard i/n}), run one after the other, one launcher JVM each, as n CI jobs would run them
 * side by side; then the shards are merged in this JVM as {@code fabric-tck:merge} merges them (read
 * every result file, check the parts, fold, write the merged reports; the goal also reads and hashes
 * each shard's certificate, which the launcher's standalone mode does not write). With n machines the
 * run takes the longest shard's wall time plus the merge.
 */
public final class ShardScale {

    private ShardScale() {
    }

    /**
     * This section alone: {@code java -cp ... io.github.fabrictck.bench.shard.ShardScale DIRECTORY}, with
     * the {@code bench.shard*} properties; writes {@code shards.json} and {@code shards.md} there.
     */
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("shards", measure(Forks.prepare(dir.resolve("shards-work")), BenchConfig.fromProperties(System.getProperties()),
                dir.resolve("shards-work"), line -> System.out.println("bench: " + line)));
        java.nio.file.Files.writeString(dir.resolve("shards.json"), io.github.fabrictck.report.Json.pretty(r));
        java.nio.file.Files.writeString(dir.resolve("shards.md"), io.github.fabrictck.bench.Report.shardsSection(r));
        System.exit(0);
    }

    /** Runs every shard count of the configuration; one entry per count. */
    public static Map<String, Object> measure(Forks forks, BenchConfig config, Path work, Consumer<String> say)
            throws IOException, InterruptedException {
        return measure(forks, String.join(",", config.shardWindows()), config.shardRepeat(), config.shardCounts(),
                List.of(), work, "7. shards", say);
    }

    /**
     * Runs {@code sample}'s {@code windows}, {@code repeat} runs each, unsharded and split into each of {@code counts}
     * shards, with the kit's settings {@code jvmOptions}; one entry per count.
     *
     * @param label how the progress lines start
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> measure(Forks forks, String windows, int repeat, List<Integer> counts,
                                              List<String> jvmOptions, Path work, String label, Consumer<String> say)
            throws IOException, InterruptedException {
        Map<String, Object> section = new LinkedHashMap<>();
        section.put("driver", "sample");
        section.put("windows", windows);
        section.put("repeat", repeat);
        if (!jvmOptions.isEmpty()) {
            section.put("settings", jvmOptions);
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        List<List<Object>> reference = null;
        for (int n : counts) {
            say.accept(label + ": sample, " + windows + ", repeat " + repeat + ", " + n + " shard(s)");
            Map<String, Object> row = split(forks, work.resolve("shards-" + n), n, windows, repeat, jvmOptions);
            List<List<Object>> verdicts = (List<List<Object>>) row.remove("verdictList");
            if (reference == null) {
                reference = verdicts;
            }
            row.put("verdictsAsFirst", verdicts != null && verdicts.equals(reference));
            say.accept("   " + n + " shard(s): longest " + row.get("longestShardMillis") + " ms, merge "
                    + row.get("mergeMillis") + " ms" + (row.get("problem") == null ? "" : ", " + row.get("problem")));
            rows.add(row);
        }
        section.put("counts", rows);
        return section;
    }

    private static Map<String, Object> split(Forks forks, Path dir, int n, String windows, int repeat,
                                             List<String> jvmOptions) throws IOException, InterruptedException {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("shards", n);
        List<Map<String, Object>> shards = new ArrayList<>();
        long longest = 0;
        long sum = 0;
        // one part is no split (the kit refuses 1/1): the whole run, the reference the splits must equal
        boolean whole = n == 1;
        for (int i = 1; i <= n; i++) {
            Path out = dir.resolve("shard-" + i);
            List<String> args = new ArrayList<>(List.of("--out", out.toString(), "--driver", "sample",
                    "--windows", windows, "--reproduce-prefix", "mvn io.github.fabrictck:fabric-tck-maven-plugin:run"));
            if (!whole) {
                args.addAll(List.of("--shard", i + "/" + n));
            }
            if (repeat > 1) {
                args.addAll(List.of("--repeat", Integer.toString(repeat)));
            }
            List<String> options = new ArrayList<>(forks.agentOptions());
            options.addAll(jvmOptions);
            Forks.Outcome o = Forks.run(forks.command(options, forks.launcherClasspath(),
                    "io.github.fabrictck.launcher.Main", args), out.resolve("fork.log"), Duration.ofSeconds(1800), null);
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("index", i);
            s.put("wallMillis", o.wallMillis());
            s.put("exitCode", o.exitCode());
            shards.add(s);
            longest = Math.max(longest, o.wallMillis());
            sum += o.wallMillis();
        }
        row.put("shardWallMillis", shards);
        row.put("longestShardMillis", longest);
        row.put("sumShardMillis", sum);
        long t0 = System.nanoTime();
        try {
            Result merged = whole ? wholeRun(dir.resolve("shard-1").resolve(ResultJson.FILE_NAME), shards.get(0))
                    : merge(dir, n, repeat, shards);
            row.put("mergeMillis", whole ? 0L : (System.nanoTime() - t0) / 1_000_000);
            List<List<Object>> verdicts = new ArrayList<>();
            for (WindowResult w : merged.windows()) {
                verdicts.add(List.of(w.label(), w.outcome().name(), w.repeat() == null ? 1 : w.repeat().runs()));
            }
            row.put("variants", verdicts.size());
            row.put("runs", verdicts.stream().mapToInt(v -> (Integer) v.get(2)).sum());
            row.put("fail", merged.summary().fail());
            row.put("verdictList", verdicts);
        } catch (IOException | IllegalArgumentException e) {
            row.put("mergeMillis", null);
            row.put("problem", e.getMessage());
            row.put("verdictList", null);
        }
        return row;
    }

    /** The unsharded run's result, with its windows' own time. */
    private static Result wholeRun(Path file, Map<String, Object> shard) throws IOException {
        Result r = ResultJson.read(file);
        if (!r.complete()) {
            throw new IllegalArgumentException(file + " is an incomplete run");
        }
        shard.put("windowMillis", r.windows().stream().mapToLong(WindowResult::durationMillis).sum());
        return r;
    }

    /** Reads, checks and merges the n shards as {@code fabric-tck:merge} does. */
    private static Result merge(Path dir, int n, int repeat, List<Map<String, Object>> shards) throws IOException {
        List<Sharding.Named> named = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            Path file = dir.resolve("shard-" + i).resolve(ResultJson.FILE_NAME);
            Result r = ResultJson.read(file);
            String incomplete = Sharding.incompleteness(r);
            if (incomplete != null) {
                throw new IllegalArgumentException(file + " is an incomplete shard: " + incomplete);
            }
            named.add(new Sharding.Named(file.toString(), r));
            // the windows' own time, without the JVM's start and the agent's rewriting
            shards.get(i - 1).put("windowMillis",
                    r.run().shard().runs().stream().mapToLong(Result.ShardRun::durationMillis).sum());
        }
        Sharding.cover(named, repeat);
        Result merged = Sharding.combine(named);
        Result.Run run = merged.run();
        ReportFiles.writeAll(merged, dir.resolve("merged"),
                Catalog.discover(run != null && Catalog.explores(run.settings())).info());
        return merged;
    }
}
