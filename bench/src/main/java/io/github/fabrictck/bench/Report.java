package io.github.fabrictck.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The Markdown report of a benchmark run, from its JSON-ready results. */
@SuppressWarnings("unchecked")
public final class Report {

    private Report() {
    }

    /**
     * Renders a results file again: {@code java -cp ... io.github.fabrictck.bench.Report bench-results.json
     * bench-results.md}; the figures stay those of the run.
     */
    public static void main(String[] args) throws java.io.IOException {
        Object json = io.github.fabrictck.report.Json.parse(java.nio.file.Files.readString(java.nio.file.Path.of(args[0])));
        java.nio.file.Files.writeString(java.nio.file.Path.of(args[1]), markdown((Map<String, Object>) json));
    }

    /** The whole report. */
    public static String markdown(Map<String, Object> r) {
        StringBuilder md = new StringBuilder();
        Map<String, Object> settings = map(r, "settings");
        Map<String, Object> machine = map(r, "machine");
        md.append("# Fabric TCK benchmark results\n\n");
        md.append("- Machine: ").append(machine.get("cores")).append(" cores (").append(machine.get("cpu")).append("), ")
                .append(machine.get("memoryMiB")).append(" MiB, ").append(machine.get("os")).append(", ")
                .append(machine.get("jvm")).append("\n");
        md.append("- Load average (1, 5, 15 min): ").append(machine.get("loadAverage")).append(" at the start, ")
                .append(r.get("loadAverageAtEnd")).append(" at the end\n");
        md.append("- Command (from the project's root): `").append(r.get("command")).append("`\n");
        md.append("- Started ").append(r.get("started")).append("; wall time ")
                .append(Stats.millis(num(r, "wallTimeSeconds") * 1000)).append("\n");
        md.append("- Settings: ").append(settings.get("runs")).append(" directed runs per known-broken driver, ")
                .append(settings.get("stressSeconds")).append(" s of plain stress per driver, ")
                .append(settings.get("falsePositiveRuns")).append(" runs of the whole catalog on `sample`, ")
                .append(settings.get("csRuns")).append(" runs of the connection-setup windows per driver, seed ")
                .append(settings.get("seed")).append(" (all settings in `bench-results.json`)\n\n");

        // a run of some sections only (bench.sections) has no figures for the others
        if (r.get("headline") != null) {
            headline(md, (List<Map<String, Object>>) r.get("headline"));
        }
        if (r.get("directed") != null) {
            directed(md, (List<Map<String, Object>>) r.get("directed"));
        }
        if (r.get("stress") != null) {
            stress(md, (List<Map<String, Object>>) r.get("stress"));
        }
        if (r.get("falsePositives") != null) {
            falsePositives(md, map(r, "falsePositives"));
        }
        if (r.get("overhead") != null) {
            overhead(md, map(r, "overhead"));
        }
        if (r.get("scale") != null) {
            scale(md, map(r, "scale"));
        }
        if (r.get("connectionSetup") != null) {
            connectionSetup(md, map(r, "connectionSetup"));
        }
        shards(md, map(r, "shards"));
        exploration(md, map(r, "exploration"));
        return md.toString();
    }

    private static void headline(StringBuilder md, List<Map<String, Object>> rows) {
        md.append("## Headline: directed detection versus plain stress\n\n");
        md.append("Time for the kit to report the bug (median time to detect of the window variant that catches it) "
                + "against the time plain stress testing of the same driver, in the same run, took to catch it first. "
                + "Plain stress counts only detections of the driver's own bug: a lost completion for CQ-1 to CQ-3; a "
                + "use after destroy, unacknowledged events at destroy or a handler exception for CQ-4. When plain "
                + "stress caught nothing, the ratio is its whole budget over the kit's median: a lower bound (>).\n\n");
        md.append("| driver | window | kit: detected | kit: median time to detect | plain stress: detections | "
                + "plain stress: time to first detection | plain stress ÷ kit |\n");
        md.append("|---|---|---|---|---|---|---|\n");
        for (Map<String, Object> h : rows) {
            Object median = h.get("directedMedianMillis");
            Object first = h.get("stressFirstDetectionMillis");
            Object speedup = h.get("speedup");
            md.append("| ").append(h.get("driver")).append(" | ").append(h.get("window")).append(" | ")
                    .append(h.get("directedDetected")).append("/").append(h.get("directedRuns")).append(" | ")
                    .append(median == null ? "never" : Stats.millis(((Number) median).doubleValue())).append(" | ")
                    .append(h.get("stressDetections") == null ? "n/a"
                            : h.get("stressDetections") + " in " + h.get("stressSeconds") + " s").append(" | ")
                    .append(h.get("stressDetections") == null ? "n/a" : first == null
                            ? "none in " + h.get("stressSeconds") + " s"
                            : Stats.millis(((Number) first).doubleValue())).append(" | ")
                    .append(speedup == null ? "n/a" : (Boolean.TRUE.equals(h.get("speedupIsLowerBound")) ? "> " : "")
                            + Stats.factor(((Number) speedup).doubleValue()))
                    .append(" |\n");
        }
        md.append("\n");
    }

    private static void directed(StringBuilder md, List<Map<String, Object>> runs) {
        md.append("## 1. Directed detection\n\n");
        md.append("Each known-broken driver's window, run N times in one JVM per driver (the launcher with "
                + "`--repeat N`, forked as the plugin forks it: `-javaagent` with the kit's jar, "
                + "`-Dfabric-tck.instrument.locations=<sample-driver jar>`, `-Dnet.bytebuddy.safe=true`). "
                + "Time to detect is the failing run's window duration, from the result's `windows[].repeat`.\n\n");
        md.append("| driver | window variant | runs | FAIL | PASS | ERROR | detected | time to detect min | median | p95 "
                + "| max | JVM wall time |\n");
        md.append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Map<String, Object> d : runs) {
            List<Map<String, Object>> variants = (List<Map<String, Object>>) d.get("variants");
            if (variants.isEmpty()) {
                md.append("| ").append(d.get("driver")).append(" | ").append(d.get("windows"))
                        .append(" | no result: ").append(d.get("problem")).append(" | | | | | | | | | |\n");
            }
            for (Map<String, Object> v : variants) {
                Map<String, Object> ttd = (Map<String, Object>) v.get("timeToDetectMillis");
                md.append("| ").append(d.get("driver")).append(" | ").append(v.get("window")).append(" | ")
                        .append(v.get("runs")).append(" | ").append(v.get("fail")).append(" | ").append(v.get("pass"))
                        .append(" | ").append(v.get("error")).append(" | ")
                        .append(Stats.percent(num(v, "detectionRate"))).append(" | ")
                        .append(ttd == null ? "– | – | – | –" : Stats.millis(num(ttd, "min")) + " | "
                                + Stats.millis(num(ttd, "median")) + " | " + Stats.millis(num(ttd, "p95")) + " | "
                                + Stats.millis(num(ttd, "max")))
                        .append(" | ").append(Stats.millis(num(d, "forkWallMillis"))).append(" |\n");
            }
        }
        md.append("\n");
    }

    private static void stress(StringBuilder md, List<Map<String, Object>> runs) {
        md.append("## 2. Plain-stress baseline\n\n");
        Map<String, Object> any = runs.stream().filter(s -> s.containsKey("latency")).findFirst().orElse(Map.of());
        md.append("The same drivers without the agent or any script, in a JVM of their own, on a stress device with "
                + "verbs semantics (arming for the next completion only, an interrupt thread calling the handler) "
                + "and random latencies (" + any.getOrDefault("latency", "?") + "). The application sends bursts of "
                + "1 to 16, waits with `awaitSendsComplete(" + any.getOrDefault("appTimeoutMillis", "?") + " ms)`, "
                + "receives the peer's replies with `receive(" + any.getOrDefault("appTimeoutMillis", "?") + " ms)`, "
                + "and closes and reopens its connection every 20 to 200 rounds; each connection draws its traffic: "
                + "one-way sends or a reply to every send, with or without unsolicited messages (one every 500 µs on "
                + "average). A detection is a lost completion (a wait timed out, or overran "
                + "its timeout by 50 ms, while its CQ held a completion no event will announce), a connection with "
                + "a use after destroy or with unacknowledged events at destroy, or a handler exception. `sample` is "
                + "the control: the detector must stay silent on it.\n\n");
        md.append("| driver | stressed | connections | rounds | sends | lost completions | use after destroy | "
                + "unacknowledged at destroy | handler exceptions | time to first detection (any kind) | timeouts "
                + "without a lost completion |\n");
        md.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Map<String, Object> s : runs) {
            if (s.containsKey("problem") || s.containsKey("notAvailable")) {
                md.append("| ").append(s.get("driver")).append(" | ")
                        .append(s.containsKey("problem") ? s.get("problem") : s.get("notAvailable"))
                        .append(" | | | | | | | | | |\n");
                continue;
            }
            Map<String, Object> k = map(s, "byKind");
            Object first = s.get("firstDetectionMillis");
            md.append("| ").append(s.get("driver")).append(" | ").append(s.get("seconds")).append(" s | ")
                    .append(Stats.grouped(lng(s, "connections"))).append(" | ").append(Stats.grouped(lng(s, "rounds")))
                    .append(" | ").append(Stats.grouped(lng(s, "sends"))).append(" | ")
                    .append(k.get("lost completion")).append(" | ").append(k.get("use after destroy")).append(" | ")
                    .append(k.get("unacknowledged at destroy")).append(" | ").append(k.get("handler exception"))
                    .append(" | ").append(first == null ? "none" : Stats.millis(((Number) first).doubleValue()))
                    .append(" | ").append(s.get("timeoutsWithoutLoss")).append(" |\n");
        }
        md.append("\n");
        md.append("The first detection of each kind:\n\n");
        for (Map<String, Object> s : runs) {
            List<Map<String, Object>> examples = (List<Map<String, Object>>) s.getOrDefault("examples", List.of());
            List<String> seen = new java.util.ArrayList<>();
            for (Map<String, Object> e : examples) {
                if (!seen.contains(e.get("kind"))) {
                    seen.add((String) e.get("kind"));
                    md.append("- ").append(s.get("driver")).append(", ").append(e.get("kind")).append(" at ")
                            .append(Stats.millis(num(e, "atMillis"))).append(": ").append(e.get("what")).append("\n");
                }
            }
        }
        md.append("\n");
    }

    private static void falsePositives(StringBuilder md, Map<String, Object> fp) {
        List<Map<String, Object>> variants = (List<Map<String, Object>>) fp.get("variants");
        md.append("## 3. False positives\n\n");
        md.append("The compliant `sample` driver, " + ("all".equals(fp.get("windows")) ? "the whole catalog"
                : "windows " + fp.get("windows")) + " (" + variants.size() + " window variants), "
                + fp.get("repeat") + " runs of each in one JVM (`--repeat " + fp.get("repeat") + "`), "
                + Stats.millis(num(fp, "forkWallMillis")) + " in all.\n\n");
        md.append("| window variant | runs | PASS | FAIL | ERROR | NOT_APPLICABLE |\n|---|---|---|---|---|---|\n");
        long runs = 0;
        long pass = 0;
        for (Map<String, Object> v : variants) {
            runs += lng(v, "runs");
            pass += lng(v, "pass");
            md.append("| ").append(v.get("window")).append(" | ").append(v.get("runs")).append(" | ").append(v.get("pass"))
                    .append(" | ").append(v.get("fail")).append(" | ").append(v.get("error")).append(" | ")
                    .append(v.get("notApplicable")).append(" |\n");
        }
        md.append("| **all** | ").append(runs).append(" | ").append(pass).append(" | ").append(sum(variants, "fail"))
                .append(" | ").append(sum(variants, "error")).append(" | ").append(sum(variants, "notApplicable"))
                .append(" |\n\n");
        if (fp.get("problem") != null) {
            md.append("No result: ").append(fp.get("problem")).append("\n\n");
        }
        List<Map<String, Object>> notPass = variants.stream().filter(v -> lng(v, "pass") != lng(v, "runs")).toList();
        if (notPass.isEmpty() && fp.get("problem") == null) {
            md.append("Anything but PASS: none.\n\n");
        } else {
            md.append("Anything but PASS (counts, then the first such run's reason):\n\n");
            for (Map<String, Object> v : notPass) {
                md.append("- ").append(v.get("window")).append(": ").append(v.get("fail")).append(" FAIL, ")
                        .append(v.get("error")).append(" ERROR, ").append(v.get("notApplicable"))
                        .append(" NOT_APPLICABLE; ").append(v.get("reason")).append("\n");
            }
            md.append("\n");
        }
    }

    private static void overhead(StringBuilder md, Map<String, Object> o) {
        Map<String, Object> st = map(o, "startup");
        Map<String, Object> with = map(st, "withAgent");
        Map<String, Object> without = map(st, "withoutAgent");
        md.append("## 4. Overhead\n\n### Start-up\n\n");
        md.append("Medians of " + st.get("forks") + " JVMs each, started alternately with the agent (as the plugin "
                + "attaches it) and without.\n\n");
        md.append("| | without agent | with agent | agent's cost |\n|---|---|---|---|\n");
        md.append("| JVM start to `main` (the agent's `premain` runs in between) | ")
                .append(Stats.millis(num(without, "jvmStartToMainMillis"))).append(" | ")
                .append(Stats.millis(num(with, "jvmStartToMainMillis"))).append(" | ")
                .append(Stats.millis(num(st, "premainMillis"))).append(" |\n");
        md.append("| load the " + Math.round(num(with, "drivers")) + " drivers of the class path, first send on `sample` "
                + "(the agent rewrites the driver's classes) | ")
                .append(Stats.millis(num(without, "firstUseMillis"))).append(" | ")
                .append(Stats.millis(num(with, "firstUseMillis"))).append(" | ")
                .append(Stats.millis(num(st, "firstUseExtraMillis"))).append(" |\n");
        md.append("| classes rewritten | 0 | ").append(Math.round(num(with, "instrumentedClasses")))
                .append(" (failures: ").append(Math.round(num(with, "transformFailures"))).append(") | |\n\n");
        Object launch = o.get("launchToFirstWindowMillis");
        md.append("In the launcher run of section 3 (agent attached, whole catalog), the first window started ")
                .append(launch == null ? "(not measured)" : Stats.millis(((Number) launch).doubleValue()))
                .append(" after the JVM was launched.\n\n");
        Map<String, Object> t = map(o, "throughput");
        Map<String, Object> tw = map(t, "withAgent");
        Map<String, Object> to = map(t, "withoutAgent");
        md.append("### Send-path throughput (JMH)\n\n");
        md.append("`" + t.get("benchmark") + "`: the sample driver's `send`, its completion on the stress device with "
                + "zero latency (the event handled on the device's interrupt thread) and `awaitSendsComplete`; "
                + t.get("forks") + " fork(s), " + t.get("warmupIterations") + " warm-up and " + t.get("iterations")
                + " measured iterations of " + t.get("iterationMillis") + " ms.\n\n");
        md.append("| configuration | throughput | error (99.9 %) |\n|---|---|---|\n");
        md.append("| without agent | ").append(score(to)).append(" |\n");
        md.append("| agent attached, no window, no script | ").append(score(tw)).append(" |\n\n");
        md.append("With the agent attached the send path runs at ")
                .append(Stats.percent(num(t, "ratio"))).append(" of its speed without it.\n\n");
    }

    private static void scale(StringBuilder md, Map<String, Object> s) {
        Map<String, Object> c = map(s, "completions");
        Map<String, Object> modes = map(c, "modes");
        md.append("## 5. Scale\n\n### Completions per CQ window\n\n");
        md.append("N completions through the sample driver on the zero-latency stress device (bursts of " + c.get("burst")
                + ", each awaited), one fresh endpoint per N, after a warm-up of 1,000; time and time per completion. "
                + "`window open`: an engine window is open (as during a CQ window), so every point is traced and "
                + "matched against holds (none here).\n\n");
        List<Map<String, Object>> plain = (List<Map<String, Object>>) modes.get("plain");
        List<Map<String, Object>> agent = (List<Map<String, Object>>) modes.get("agent");
        List<Map<String, Object>> window = (List<Map<String, Object>>) modes.get("window");
        md.append("| completions | without agent | agent, no window | agent, window open |\n|---|---|---|---|\n");
        for (int i = 0; i < plain.size(); i++) {
            md.append("| ").append(Stats.grouped(lng(plain.get(i), "completions"))).append(" | ")
                    .append(cell(plain.get(i))).append(" | ").append(cell(agent.get(i))).append(" | ")
                    .append(cell(window.get(i))).append(" |\n");
        }
        md.append("\n### Peers in all-to-all first contact\n\n");
        Map<String, Object> p = map(s, "peers");
        List<Map<String, Object>> rows = (List<Map<String, Object>>) p.get("rows");
        md.append("HS-1's all-to-all variant on `sample` (every hello crosses, data waits until the hellos are over), one fork per "
                + "peer count with `-Dfabric-tck.peers=N`; the time is the variant's duration, the fork's first window "
                + "(so it includes the JVM's warm-up).\n\n");
        md.append("| peers | application messages | outcome | time |\n|---|---|---|---|\n");
        if (rows.isEmpty()) {
            List<Object> peers = (List<Object>) p.get("peers");
            md.append("| ").append(peers.isEmpty() ? "-" : peers.get(0) + " to " + peers.get(peers.size() - 1))
                    .append(" | | | ").append(p.get("status")).append(" |\n");
        }
        for (Map<String, Object> row : rows) {
            md.append("| ").append(row.get("peers")).append(" | ").append(row.get("messages")).append(" | ")
                    .append(row.get("outcome")).append(" | ")
                    .append(row.get("millis") == null ? "-" : Stats.millis(num(row, "millis"))).append(" |\n");
        }
        md.append("\n");
    }

    private static void connectionSetup(StringBuilder md, Map<String, Object> cs) {
        md.append("## 6. Connection setup on virtual time\n\n");
        List<Map<String, Object>> drivers = (List<Map<String, Object>>) cs.getOrDefault("drivers", List.of());
        md.append("The connection-setup windows (" + String.valueOf(cs.get("windows")).replace(",", ", ") + ") on "
                + String.join(", ", drivers.stream().map(d -> "`" + d.get("driver") + "`").toList()) + ", "
                + cs.get("runs") + " runs of each window variant in one JVM per driver (the launcher with `--repeat "
                + cs.get("runs") + "`, forked as in section 1), with the kit's defaults: a one-way delay of "
                + cs.get("controlDelayMillis") + " ms, phases 0 to " + Stats.grouped(lng(cs, "phaseMaxMillis"))
                + " ms in steps of " + cs.get("phaseStepMillis") + " ms (" + cs.get("phases") + "), a setup bound of "
                + cs.get("setupBoundSeconds") + " s. A sweep is CS-1's " + cs.get("phases") + " phases, or, for CS-2 and "
                + "CS-3, a loss-free setup, then no loss and each fast-path setup message that setup sent, lost, each at "
                + "every phase; the trials come from the trace. Wall time is each run's window duration (the launcher's "
                + "progress lines): the whole sweep when it passes, the sweep up to its FAIL when it fails; a JVM's first "
                + "run carries its warm-up. Time to FAIL is the failing runs' durations (`windows[].repeat`). Virtual "
                + "time: the trial shown is the last of a passing sweep or the failing one (the virtual time of its last "
                + "event); a finished sweep's is the kit's own total of all its trials; a failing sweep has none (its "
                + "failing trial says nothing of the trials before it).\n\n");
        md.append("| driver | window variant | runs | FAIL | PASS | ERROR | trials per sweep | wall time median | max "
                + "| a trial (median ÷ trials) | time to FAIL median | max | virtual time of the trial shown "
                + "| virtual time per sweep |\n");
        md.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Map<String, Object> d : drivers) {
            List<Map<String, Object>> variants = (List<Map<String, Object>>) d.get("variants");
            if (variants.isEmpty()) {
                md.append("| ").append(d.get("driver")).append(" | ").append(d.get("windows"))
                        .append(" | no result: ").append(d.get("problem")).append(" | | | | | | | | | | | |\n");
                continue;
            }
            long trials = 0;
            long virtual = 0;
            int estimated = 0;
            for (Map<String, Object> v : variants) {
                Map<String, Object> wall = map(v, "wallMillis");
                Map<String, Object> ttd = map(v, "timeToDetectMillis");
                trials += lng(v, "trialsRun");
                virtual += lng(v, "virtualEstimateMillis");
                estimated += v.get("virtualEstimateMillis") == null ? 0 : 1;
                md.append("| ").append(d.get("driver")).append(" | ").append(v.get("window")).append(" | ")
                        .append(v.get("runs")).append(" | ").append(v.get("fail")).append(" | ").append(v.get("pass"))
                        .append(" | ").append(v.get("error")).append(" | ").append(trials(v)).append(" | ")
                        .append(wall.isEmpty() ? "– | –" : Stats.millis(num(wall, "median")) + " | "
                                + Stats.millis(num(wall, "max")))
                        .append(" | ").append(perTrial(v))
                        .append(" | ").append(ttd.isEmpty() ? "– | –" : Stats.millis(num(ttd, "median")) + " | "
                                + Stats.millis(num(ttd, "max")))
                        .append(" | ").append(v.get("lastTrialVirtualMillis") == null ? "–"
                                : seconds(num(v, "lastTrialVirtualMillis")))
                        .append(" | ").append(virtual(v)).append(" |\n");
            }
            Map<String, Object> rounds = map(d, "roundMillis");
            md.append("| ").append(d.get("driver")).append(" | **all ").append(variants.size())
                    .append(" variants, one run of each** | ").append(d.get("repeat")).append(" | | | | ")
                    .append(Stats.grouped(trials)).append(" | ")
                    .append(rounds.isEmpty() ? "– | –" : Stats.millis(num(rounds, "median")) + " | "
                            + Stats.millis(num(rounds, "max")))
                    .append(" | | | | | ").append(estimated == 0 ? "–" : "≈ " + virtualTime(virtual)
                            + (estimated < variants.size() ? " (the " + estimated + " passing sweeps)" : ""))
                    .append(" |\n");
        }
        md.append("\n");
        for (Map<String, Object> d : drivers) {
            String slowest = slowestSweep(d);
            if (slowest != null) {
                md.append("`").append(d.get("driver")).append("`'s slowest sweep: ").append(slowest).append(".\n\n");
            }
        }
        if (!drivers.isEmpty()) {
            md.append("JVM wall time per driver (start-up and every run included): ");
            for (int i = 0; i < drivers.size(); i++) {
                Map<String, Object> d = drivers.get(i);
                md.append(i == 0 ? "" : ", ").append("`").append(d.get("driver")).append("` ")
                        .append(Stats.millis(num(d, "forkWallMillis")));
            }
            md.append(".\n\n");
        }
    }

    /** Section 7 alone, from results holding {@code "shards"}. */
    public static String shardsSection(Map<String, Object> r) {
        StringBuilder md = new StringBuilder();
        shards(md, map(r, "shards"));
        return md.toString();
    }

    /** Section 7: per shard count, each shard's wall time, the merge's, and whether the verdicts stay the same. */
    private static void shards(StringBuilder md, Map<String, Object> s) {
        if (s == null || s.isEmpty()) {
            return;
        }
        md.append("## 7. Sharding\n\n");
        md.append("`sample`, windows ").append(s.get("windows")).append(", repeat ").append(s.get("repeat"))
                .append(", split into n shards (`--shard i/n`) run one after the other on this machine, one launcher "
                        + "JVM each, as n CI jobs would run them side by side; then merged in the benchmark's JVM as "
                        + "`fabric-tck:merge` merges them (read, check the parts, fold, write the reports; the goal "
                        + "also hashes each shard's certificate). With n machines the run takes the longest shard "
                        + "plus the merge; in brackets, the time of each shard's windows alone (the rest is the JVM's "
                        + "start, the agent's rewriting and the catalog's discovery, paid once per shard).\n\n");
        md.append("| shards | wall time per shard (its windows' time) | longest shard | sum of shards | merge | speed-up on n machines | "
                + "variants | runs | verdicts as with the fewest shards |\n|---:|---|---:|---:|---:|---:|---:|---:|---|\n");
        List<Map<String, Object>> rows = (List<Map<String, Object>>) s.get("counts");
        double first = rows.isEmpty() ? 0 : num(rows.get(0), "longestShardMillis")
                + (rows.get(0).get("mergeMillis") == null ? 0 : num(rows.get(0), "mergeMillis"));
        for (Map<String, Object> row : rows) {
            List<Map<String, Object>> each = (List<Map<String, Object>>) row.get("shardWallMillis");
            double total = num(row, "longestShardMillis") + (row.get("mergeMillis") == null ? 0 : num(row, "mergeMillis"));
            md.append("| ").append(row.get("shards")).append(" | ")
                    .append(String.join(", ", each.stream().map(x -> Stats.millis(num(x, "wallMillis"))
                            + (x.get("windowMillis") == null ? "" : " (" + Stats.millis(num(x, "windowMillis")) + ")"))
                            .toList()))
                    .append(" | ").append(Stats.millis(num(row, "longestShardMillis")))
                    .append(" | ").append(Stats.millis(num(row, "sumShardMillis")))
                    .append(" | ").append(row.get("mergeMillis") == null ? "failed: " + row.get("problem")
                            : Stats.millis(num(row, "mergeMillis")))
                    .append(" | ").append(total == 0 ? "–" : String.format(Locale.ROOT, "%.2f×", first / total))
                    .append(" | ").append(row.get("variants")).append(" | ").append(row.get("runs"))
                    .append(" | ").append(Boolean.TRUE.equals(row.get("verdictsAsFirst")) ? "yes" : "**no**")
                    .append(" |\n");
        }
        md.append('\n');
    }

    /** Section 8: exploration: time to the first failure per known-broken driver, compliant drivers at length, shards. */
    private static void exploration(StringBuilder md, Map<String, Object> x) {
        if (x == null || x.isEmpty()) {
            return;
        }
        md.append("## 8. Exploration\n\n");
        md.append("Each known-broken driver explored by its family's exploration window (").append(x.get("windows"))
                .append("; the scripted window that catches it is not run), ").append(x.get("strategy"))
                .append(" scheduler, at most ").append(x.get("schedules")).append(" schedules from each seed ")
                .append(x.get("seeds")).append(", one launcher JVM per exploration as the plugin forks it. Schedules and "
                        + "wall time to the first failure are the exploration's own (from the verdict's evidence: "
                        + "without the JVM's start, the agent's rewriting and the shrinking, which has its own column). "
                        + "*not found* means the budget ran out with every schedule passing.\n\n");
        md.append("The figures of each seed are those of the window variant that failed soonest (`CQ-X` runs `callbacks`, "
                + "`explore`, `open-close` and `shared` one after the other; every variant's are in the JSON).\n\n");
        md.append("| driver | window | found | schedules to the first failure, per seed | median | time to the first "
                + "failure, per seed | median | shrinking (decisions, thread switches, replays, time) |\n"
                + "|---|---|---:|---|---:|---|---:|---|\n");
        for (Map<String, Object> d : (List<Map<String, Object>>) x.get("broken")) {
            List<Map<String, Object>> runs = (List<Map<String, Object>>) d.get("runs");
            md.append("| ").append(d.get("driver")).append(" | ")
                    .append(d.get("window") == null ? "no exploration window for its family" : d.get("window"))
                    .append(" | ").append(d.get("found")).append(" / ").append(d.get("explorations")).append(" | ")
                    .append(String.join(", ", runs.stream().map(r -> "FAIL".equals(r.get("outcome"))
                            ? String.valueOf(r.get("schedules")) : String.valueOf(r.get("outcome")).equals("PASS")
                            ? "not found" : String.valueOf(r.get("outcome"))).toList()))
                    .append(" | ").append(d.get("medianSchedules") == null ? "–" : d.get("medianSchedules"))
                    .append(" | ").append(String.join(", ", runs.stream().map(r -> r.get("firstFailureMillis") == null
                            ? "–" : Stats.millis(num(r, "firstFailureMillis"))).toList()))
                    .append(" | ").append(d.get("medianFirstFailureMillis") == null ? "–"
                            : Stats.millis(num(d, "medianFirstFailureMillis")))
                    .append(" | ").append(String.join("; ", runs.stream().filter(r -> r.get("shrink") != null)
                            .map(r -> {
                                Map<String, Object> k = (Map<String, Object>) r.get("shrink");
                                return k.get("decisionsBefore") + "→" + k.get("decisionsAfter") + ", "
                                        + k.get("switchesBefore") + "→" + k.get("switchesAfter") + ", "
                                        + k.get("replays") + ", " + (k.get("millis") == null ? "–" : Stats.millis(num(k, "millis")));
                            }).toList()))
                    .append(" |\n");
        }
        md.append("\n### Compliant drivers at length\n\n");
        md.append("Every exploration window, blocks of at most 1,000 seeds (`--repeat`: the k-th run explores the "
                + "k-th block), one JVM per driver. A compliant driver must give no failing run. Schedules a second "
                + "are those of each window's first block, from its evidence.\n\n");
        md.append("| driver | window | schedules | verdict | failing runs | error runs | schedules/s | distinct "
                + "interleavings (first block) | decisions a schedule |\n|---|---|---:|---|---:|---:|---:|---:|---:|\n");
        List<Map<String, Object>> all = new java.util.ArrayList<>((List<Map<String, Object>>) x.get("controls"));
        all.addAll((List<Map<String, Object>>) x.get("designs"));
        for (Map<String, Object> c : all) {
            for (Map<String, Object> v : (List<Map<String, Object>>) c.get("variants")) {
                boolean na = "NOT_APPLICABLE".equals(v.get("outcome"));
                md.append("| ").append(c.get("driver")).append(" | ").append(v.get("window")).append(" | ")
                        .append(na ? "–" : Stats.grouped(lng(c, "schedulesPerWindow"))).append(" | ")
                        .append(v.get("outcome")).append(" | ").append(v.get("fail")).append(" | ").append(v.get("error"))
                        .append(" | ").append(v.get("rate") == null ? "–" : v.get("rate"))
                        .append(" | ").append(v.get("distinct") == null ? "–" : v.get("distinct"))
                        .append(" | ").append(v.get("decisionsPerSchedule") == null ? "–" : v.get("decisionsPerSchedule"))
                        .append(" |\n");
            }
        }
        Map<String, Object> sh = map(x, "shards");
        if (sh != null && !sh.isEmpty()) {
            md.append("\n### Sharded exploration\n\n");
            md.append("`sample`, ").append(sh.get("windows")).append(", ").append(sh.get("repeat"))
                    .append(" blocks of seeds (`--repeat`), unsharded and split into n shards run one after the other, "
                            + "then merged as section 7 merges.\n\n");
            md.append("| shards | wall time per shard | longest shard | merge | verdicts as unsharded |\n"
                    + "|---:|---|---:|---:|---|\n");
            for (Map<String, Object> row : (List<Map<String, Object>>) sh.get("counts")) {
                List<Map<String, Object>> each = (List<Map<String, Object>>) row.get("shardWallMillis");
                md.append("| ").append(row.get("shards")).append(" | ")
                        .append(String.join(", ", each.stream().map(e -> Stats.millis(num(e, "wallMillis"))).toList()))
                        .append(" | ").append(Stats.millis(num(row, "longestShardMillis"))).append(" | ")
                        .append(row.get("mergeMillis") == null ? "failed: " + row.get("problem")
                                : Stats.millis(num(row, "mergeMillis")))
                        .append(" | ").append(Boolean.TRUE.equals(row.get("verdictsAsFirst")) ? "yes" : "**no**")
                        .append(" |\n");
            }
        }
        md.append('\n');
    }

    /** The trials of a CS sweep: all of them, or those run to its FAIL or ERROR with the phase of the last. */
    private static String trials(Map<String, Object> v) {
        if (v.get("trials") != null) {
            return Stats.grouped(lng(v, "trials"));
        }
        if (v.get("trialsRun") == null) {
            return "–";
        }
        Object phase = v.get("lastTrialPhaseMillis");
        return Stats.grouped(lng(v, "trialsRun")) + " to the " + v.get("outcome")
                + (phase == null ? "" : " (phase " + Stats.grouped(((Number) phase).longValue()) + " ms)");
    }

    /**
     * The wall time of one trial of a sweep that finished: the median run's wall time over its trials, as
     * {@code 0.66 ms}; {@code –} for a sweep that ended at a FAIL or ERROR (its trials are those up to it).
     */
    private static String perTrial(Map<String, Object> v) {
        Map<String, Object> wall = map(v, "wallMillis");
        if (wall.isEmpty() || v.get("trials") == null || lng(v, "trials") == 0) {
            return "–";
        }
        return String.format(java.util.Locale.ROOT, "%.2f ms", num(wall, "median") / lng(v, "trials"));
    }

    /**
     * Of a driver's sweeps that finished (every run passed through all its trials), the one with the highest
     * median wall time, as {@code CS-2/loopback, median 520 ms for 604 trials (0.86 ms a trial)}; {@code null}
     * when none finished.
     */
    @SuppressWarnings("unchecked")
    static String slowestSweep(Map<String, Object> driver) {
        Map<String, Object> slowest = null;
        for (Map<String, Object> v : (List<Map<String, Object>>) driver.getOrDefault("variants", List.of())) {
            if (v.get("trials") == null || map(v, "wallMillis").isEmpty()) {
                continue;
            }
            if (slowest == null || num(map(v, "wallMillis"), "median") > num(map(slowest, "wallMillis"), "median")) {
                slowest = v;
            }
        }
        return slowest == null ? null : slowest.get("window") + ", median " + Stats.millis(num(map(slowest, "wallMillis"),
                "median")) + " for " + Stats.grouped(lng(slowest, "trials")) + " trials (" + perTrial(slowest) + " a trial)";
    }

    /** {@code ≈ 604 × 4.06 s = 40.9 min}: trials × the virtual time of the trial shown, for a sweep that passed. */
    private static String virtual(Map<String, Object> v) {
        if (v.get("virtualEstimateMillis") == null) {
            return "–";
        }
        if (v.get("virtualMillis") != null) {
            return virtualTime(num(v, "virtualMillis"));
        }
        return "≈ " + Stats.grouped(lng(v, "trials")) + " × " + seconds(num(v, "lastTrialVirtualMillis")) + " = "
                + virtualTime(num(v, "virtualEstimateMillis"));
    }

    /** Virtual milliseconds as {@code 4.06 s}. */
    private static String seconds(double ms) {
        return String.format(Locale.ROOT, "%.2f s", ms / 1000);
    }

    /** Virtual time for the table: as {@link Stats#millis}, in hours from 2 h. */
    private static String virtualTime(double ms) {
        return ms < 7_200_000 ? Stats.millis(ms) : String.format(Locale.ROOT, "%.1f h", ms / 3_600_000);
    }

    private static String cell(Map<String, Object> row) {
        if (row.get("skipped") != null) {
            return String.valueOf(row.get("skipped"));
        }
        double ns = num(row, "nanosPerCompletion");
        return Stats.millis(num(row, "millis")) + " (" + String.format(Locale.ROOT, "%.1f", ns / 1000) + " µs each)";
    }

    private static String score(Map<String, Object> m) {
        Object error = m.get("error");
        return String.format(Locale.ROOT, "%.1f %s", num(m, "score"), m.get("unit")) + " | "
                + (error == null ? "–" : String.format(Locale.ROOT, "± %.1f", ((Number) error).doubleValue()));
    }

    private static long sum(List<Map<String, Object>> rows, String key) {
        return rows.stream().mapToLong(v -> lng(v, key)).sum();
    }

    private static Map<String, Object> map(Map<String, Object> m, String key) {
        Object v = m.get(key);
        return v == null ? Map.of() : (Map<String, Object>) v;
    }

    private static double num(Map<String, Object> m, String key) {
        Object v = m.get(key);
        return v == null ? Double.NaN : ((Number) v).doubleValue();
    }

    private static long lng(Map<String, Object> m, String key) {
        Object v = m.get(key);
        return v == null ? 0 : ((Number) v).longValue();
    }
}
