package io.github.fabrictck.bench.overhead;

import io.github.fabrictck.bench.BenchConfig;
import io.github.fabrictck.bench.Forks;
import io.github.fabrictck.bench.Stats;
import io.github.fabrictck.report.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** Section 4: the agent's start-up cost and its cost on the driver's send path. */
public final class Overhead {

    private Overhead() {
    }

    /**
     * Starts {@link StartupProbe} {@code startupForks} times with the agent and as often without,
     * alternately; medians of each figure and the difference.
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> startup(Forks forks, BenchConfig config, Path work)
            throws IOException, InterruptedException {
        Map<Boolean, List<Map<String, Object>>> probes = new LinkedHashMap<>();
        probes.put(false, new ArrayList<>());
        probes.put(true, new ArrayList<>());
        for (int i = 0; i < config.startupForks(); i++) {
            for (boolean agent : new boolean[] {false, true}) {
                Path out = work.resolve("startup-" + (agent ? "agent" : "plain") + "-" + i + ".json");
                List<String> options = new ArrayList<>(agent ? forks.agentOptions() : List.of());
                options.add("-Dbench.agent=" + agent);
                Forks.Outcome o = Forks.run(forks.command(options, forks.benchClasspath(),
                        StartupProbe.class.getName(), List.of(out.toString())), work.resolve(out.getFileName() + ".log"),
                        Duration.ofMinutes(2), null);
                if (o.exitCode() != 0 || !Files.exists(out)) {
                    throw new IllegalStateException("the start-up probe failed (exit " + o.exitCode() + "); see " + o.log());
                }
                probes.get(agent).add((Map<String, Object>) Json.parse(Files.readString(out)));
            }
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("forks", config.startupForks());
        for (boolean agent : new boolean[] {false, true}) {
            List<Map<String, Object>> runs = probes.get(agent);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("jvmStartToMainMillis", medianOf(runs, "jvmStartToMainMillis"));
            m.put("firstUseMillis", medianOf(runs, "firstUseMillis"));
            m.put("instrumentedClasses", medianOf(runs, "instrumentedClasses"));
            m.put("transformFailures", medianOf(runs, "transformFailures"));
            m.put("drivers", medianOf(runs, "drivers"));
            r.put(agent ? "withAgent" : "withoutAgent", m);
        }
        Map<String, Object> with = (Map<String, Object>) r.get("withAgent");
        Map<String, Object> without = (Map<String, Object>) r.get("withoutAgent");
        r.put("premainMillis", ((Number) with.get("jvmStartToMainMillis")).doubleValue()
                - ((Number) without.get("jvmStartToMainMillis")).doubleValue());
        r.put("firstUseExtraMillis", ((Number) with.get("firstUseMillis")).doubleValue()
                - ((Number) without.get("firstUseMillis")).doubleValue());
        return r;
    }

    /** JMH on {@link SendPathBenchmark}, without the agent and with it. */
    public static Map<String, Object> throughput(Forks forks, BenchConfig config, Path work) throws RunnerException {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("benchmark", SendPathBenchmark.class.getSimpleName() + ".sendCompleteAwait");
        r.put("forks", config.jmhForks());
        r.put("warmupIterations", config.jmhWarmupIterations());
        r.put("iterations", config.jmhIterations());
        r.put("iterationMillis", config.jmhIterationMillis());
        for (boolean agent : new boolean[] {false, true}) {
            List<String> jvmArgs = new ArrayList<>(agent ? forks.agentOptions() : List.of());
            jvmArgs.add("-Dbench.agent=" + agent);
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .include(SendPathBenchmark.class.getName() + ".sendCompleteAwait")
                    .forks(config.jmhForks())
                    .warmupIterations(config.jmhWarmupIterations())
                    .warmupTime(TimeValue.milliseconds(config.jmhIterationMillis()))
                    .measurementIterations(config.jmhIterations())
                    .measurementTime(TimeValue.milliseconds(config.jmhIterationMillis()))
                    .jvmArgsAppend(jvmArgs.toArray(String[]::new))
                    .shouldFailOnError(true)
                    .output(work.resolve("jmh-" + (agent ? "agent" : "plain") + ".log").toString());
            RunResult result = new Runner(options.build()).runSingle();
            org.openjdk.jmh.results.Result<?> primary = result.getPrimaryResult();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("score", primary.getScore());
            m.put("error", Double.isNaN(primary.getScoreError()) ? null : primary.getScoreError());
            m.put("unit", primary.getScoreUnit());
            m.put("samples", primary.getSampleCount());
            r.put(agent ? "withAgent" : "withoutAgent", m);
        }
        double with = (Double) ((Map<?, ?>) r.get("withAgent")).get("score");
        double without = (Double) ((Map<?, ?>) r.get("withoutAgent")).get("score");
        r.put("ratio", with / without);
        return r;
    }

    private static double medianOf(List<Map<String, Object>> runs, String key) {
        return Stats.median(runs.stream().mapToDouble(m -> ((Number) m.get(key)).doubleValue()).toArray());
    }
}
