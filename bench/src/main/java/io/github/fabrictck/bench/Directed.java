package io.github.fabrictck.bench;

import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.RepeatStats;
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
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sections 1, 3 and 6: the kit's launcher, forked as the plugin forks it, with {@code --repeat N};
 * the figures come from the result file's {@code windows[].repeat}, and every run's wall time from
 * the launcher's progress lines ({@code fabric-tck: CS-1/memory PASS (120 ms)}).
 */
public final class Directed {

    private static final Pattern PROGRESS = Pattern.compile("^fabric-tck: (\\S+) (PASS|FAIL|ERROR|NOT_APPLICABLE) \\((\\d+) ms\\)");
    private static final int REASON_LIMIT = 400;

    private Directed() {
    }

    /**
     * Runs the launcher once: one JVM, {@code repeat} runs of every selected window variant.
     *
     * @param windows window ids or families, or {@code null} for the whole catalog
     * @return the fork's figures and one entry per window variant
     */
    public static Map<String, Object> launch(Forks forks, String driver, String windows, int repeat, Path out,
                                             Duration timeout) throws IOException, InterruptedException {
        return launch(forks, driver, windows, repeat, out, timeout, List.of());
    }

    /** {@link #launch} with further JVM options for the fork (system properties of the kit). */
    public static Map<String, Object> launch(Forks forks, String driver, String windows, int repeat, Path out,
                                             Duration timeout, List<String> jvmOptions)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("--out", out.toString(), "--driver", driver));
        if (windows != null) {
            args.addAll(List.of("--windows", windows));
        }
        if (repeat > 1) {
            args.addAll(List.of("--repeat", Integer.toString(repeat)));
        }
        args.addAll(List.of("--reproduce-prefix", "mvn io.github.fabrictck:fabric-tck-maven-plugin:run"));
        List<String> options = new ArrayList<>(forks.agentOptions());
        options.addAll(jvmOptions);
        List<String> command = forks.command(options, forks.launcherClasspath(),
                "io.github.fabrictck.launcher.Main", args);
        AtomicLong firstWindowStart = new AtomicLong(-1);
        Map<String, List<Long>> runMillis = new LinkedHashMap<>();
        Forks.Outcome fork = Forks.run(command, out.resolve("fork.log"), timeout, (at, line) -> {
            Matcher m = PROGRESS.matcher(line);
            if (m.find()) {
                if (firstWindowStart.get() < 0) {
                    firstWindowStart.set(Math.max(0, at - Long.parseLong(m.group(3))));
                }
                synchronized (runMillis) {
                    runMillis.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(Long.parseLong(m.group(3)));
                }
            }
        });
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("driver", driver);
        r.put("windows", windows == null ? "all" : windows);
        r.put("repeat", repeat);
        r.put("forkWallMillis", fork.wallMillis());
        r.put("exitCode", fork.exitCode());
        r.put("timedOut", fork.timedOut());
        r.put("launchToFirstWindowMillis", firstWindowStart.get() < 0 ? null : firstWindowStart.get());
        r.put("log", fork.log().toString());
        List<Map<String, Object>> variants = new ArrayList<>();
        try {
            Result result = ResultJson.read(out.resolve(ResultJson.FILE_NAME));
            r.put("complete", result.complete());
            for (WindowResult w : result.windows()) {
                Map<String, Object> v = variant(w);
                List<Long> millis;
                synchronized (runMillis) {
                    millis = runMillis.getOrDefault(w.label(), List.of());
                }
                v.put("wallMillis", Stats.distribution(millis.stream().mapToLong(Long::longValue).toArray()));
                variants.add(v);
            }
        } catch (IOException e) {
            r.put("complete", false);
            r.put("problem", e.getMessage());
        }
        r.put("variants", variants);
        synchronized (runMillis) {
            r.put("roundMillis", Stats.distribution(rounds(runMillis)));
        }
        return r;
    }

    /**
     * The wall time of each round of a {@code --repeat} run: the k-th round is the sum of every
     * variant's k-th duration (the launcher runs the whole selection once per round); only the
     * rounds every variant finished.
     */
    static long[] rounds(Map<String, List<Long>> runMillis) {
        int complete = runMillis.values().stream().mapToInt(List::size).min().orElse(0);
        long[] rounds = new long[complete];
        for (List<Long> millis : runMillis.values()) {
            for (int k = 0; k < complete; k++) {
                rounds[k] += millis.get(k);
            }
        }
        return rounds;
    }

    /**
     * One window variant's figures: verdict counts, detection rate, time-to-detect distribution; the
     * distribution of every run's wall time ({@code wallMillis}, from the launcher's progress lines)
     * is added by {@link #launch}.
     */
    public static Map<String, Object> variant(WindowResult w) {
        RepeatStats s = w.repeat();
        int runs = s == null ? 1 : s.runs();
        int pass = s == null ? count(w, Outcome.PASS) : s.pass();
        int fail = s == null ? count(w, Outcome.FAIL) : s.fail();
        int error = s == null ? count(w, Outcome.ERROR) : s.error();
        int notApplicable = s == null ? count(w, Outcome.NOT_APPLICABLE) : s.notApplicable();
        Map<String, Object> ttd = null;
        if (s != null && s.timeToDetectMillis() != null) {
            RepeatStats.Distribution d = s.timeToDetectMillis();
            ttd = new LinkedHashMap<>();
            ttd.put("min", d.min());
            ttd.put("median", d.median());
            ttd.put("p95", d.p95());
            ttd.put("max", d.max());
        } else if (s == null && w.outcome() == Outcome.FAIL) {
            ttd = Stats.distribution(new long[] {w.durationMillis()});
        }
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("window", w.label());
        v.put("title", w.title());
        v.put("outcome", w.outcome().name());
        v.put("durationMillis", w.durationMillis());
        v.put("runs", runs);
        v.put("pass", pass);
        v.put("fail", fail);
        v.put("error", error);
        v.put("notApplicable", notApplicable);
        v.put("detectionRate", Stats.rate(fail, runs));
        v.put("timeToDetectMillis", ttd);
        v.put("instrumentedClasses", w.evidence().instrumentedClasses());
        v.put("reason", w.reason() == null ? null
                : w.reason().length() <= REASON_LIMIT ? w.reason() : w.reason().substring(0, REASON_LIMIT) + " ...");
        return v;
    }

    /**
     * The variant that catches the driver: the most failing runs, then the shortest median time to
     * detect; {@code null} when there is no variant.
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> catching(List<Map<String, Object>> variants) {
        Map<String, Object> best = null;
        for (Map<String, Object> v : variants) {
            if (best == null) {
                best = v;
                continue;
            }
            int f = ((Number) v.get("fail")).intValue();
            int bf = ((Number) best.get("fail")).intValue();
            if (f > bf || (f == bf && f > 0 && median(v) < median(best))) {
                best = v;
            }
        }
        return best;
    }

    /** The median time to detect of a variant, or {@link Long#MAX_VALUE} when it never failed. */
    @SuppressWarnings("unchecked")
    public static long median(Map<String, Object> variant) {
        Map<String, Object> ttd = (Map<String, Object>) variant.get("timeToDetectMillis");
        return ttd == null ? Long.MAX_VALUE : ((Number) ttd.get("median")).longValue();
    }

    private static int count(WindowResult w, Outcome o) {
        return w.outcome() == o ? 1 : 0;
    }
}
