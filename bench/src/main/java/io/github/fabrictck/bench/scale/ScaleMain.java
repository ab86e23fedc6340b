package io.github.fabrictck.bench.scale;

import io.github.fabrictck.bench.Drivers;
import io.github.fabrictck.bench.stress.SendPath;
import io.github.fabrictck.engine.Agent;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.report.Json;
import io.github.fabrictck.spi.Driver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scale fork: pushes N completions through the sample driver on a zero-latency device, for each
 * N, and times it. {@code java [agent options] -cp ... ScaleMain MODES SIZES CAP_SECONDS OUT.json}
 * with MODES a comma list of {@code plain} (no agent), {@code agent} (the agent attached, no window),
 * {@code window} (the agent attached and a window of the engine open, as in a CQ window: every point
 * is traced and matched against holds, here none).
 *
 * <p>A first run of 1,000 completions warms the JVM up and is not reported. A size is skipped when
 * the previous one took longer than the cap, or when it would, estimated linearly from the previous one.
 */
public final class ScaleMain {

    private static final int BURST = 100;

    private ScaleMain() {
    }

    public static void main(String[] args) throws Exception {
        List<String> modes = Arrays.asList(args[0].split(","));
        List<Long> sizes = Arrays.stream(args[1].split(",")).map(Long::valueOf).toList();
        double capMillis = Double.parseDouble(args[2]) * 1000;
        Driver sample = Drivers.byName("sample");
        if (!modes.contains("plain")) {
            try (SendPath warm = new SendPath(sample)) {
                warm.run(1, 1);
            }
            if (!Agent.attached() || !Agent.isInstrumented("io.github.fabrictck.sample.SampleEndpoint")) {
                throw new IllegalStateException("the agent was to rewrite the sample driver, but it did not");
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (String mode : modes) {
            List<Map<String, Object>> rows = new ArrayList<>();
            time(sample, mode, 1_000);
            double previous = -1;
            long previousSize = 0;
            String skipping = null;
            for (long n : sizes) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("completions", n);
                double estimate = previous < 0 ? 0 : previous * n / previousSize;
                if (skipping == null && (previous > capMillis || estimate > capMillis)) {
                    skipping = "skipped: " + previousSize + " completions took " + Math.round(previous / 100) / 10.0
                            + " s, so " + n + " would take about " + Math.round(estimate / 1000) + " s (cap "
                            + Math.round(capMillis / 1000) + " s)";
                }
                if (skipping != null) {
                    row.put("skipped", skipping);
                    rows.add(row);
                    continue;
                }
                Map<String, Object> t = time(sample, mode, n);
                row.putAll(t);
                previous = ((Number) t.get("millis")).doubleValue();
                previousSize = n;
                rows.add(row);
                System.out.println("scale " + mode + " " + n + ": " + t);
            }
            out.put(mode, rows);
        }
        Files.writeString(Path.of(args[3]), Json.pretty(out));
        Runtime.getRuntime().halt(0);
    }

    private static Map<String, Object> time(Driver sample, String mode, long n) throws InterruptedException {
        WindowRun run = mode.equals("window") ? WindowRun.start(Duration.ofSeconds(1)) : null;
        Map<String, Object> r = new LinkedHashMap<>();
        try (SendPath path = new SendPath(sample)) {
            long t0 = System.nanoTime();
            path.run(n, BURST);
            long nanos = System.nanoTime() - t0;
            r.put("millis", Math.round(nanos / 1e5) / 10.0);
            r.put("nanosPerCompletion", Math.round((double) nanos / n));
            if (run != null) {
                r.put("pointsHit", run.evidence().pointsHit());
            }
        } finally {
            if (run != null) {
                run.finish();
            }
        }
        return r;
    }
}
