package io.github.fabrictck.bench.scale;

import io.github.fabrictck.bench.BenchConfig;
import io.github.fabrictck.bench.Forks;
import io.github.fabrictck.report.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Section 5: how a run's time grows with completions per CQ window, and with peers (later). */
public final class Scale {

    private Scale() {
    }

    /** One fork without the agent ({@code plain}), one with it ({@code agent}, then {@code window}). */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> completions(Forks forks, BenchConfig config, Path work)
            throws IOException, InterruptedException {
        String sizes = config.scaleSizes().stream().map(String::valueOf).collect(Collectors.joining(","));
        Map<String, Object> byMode = new LinkedHashMap<>();
        for (boolean agent : new boolean[] {false, true}) {
            Path out = work.resolve("scale-" + (agent ? "agent" : "plain") + ".json");
            List<String> options = new ArrayList<>(agent ? forks.agentOptions() : List.of());
            Forks.Outcome o = Forks.run(forks.command(options, forks.benchClasspath(), ScaleMain.class.getName(),
                            List.of(agent ? "agent,window" : "plain", sizes, Integer.toString(config.scaleCapSeconds()),
                                    out.toString())),
                    work.resolve(out.getFileName() + ".log"), Duration.ofSeconds(config.scaleCapSeconds() * 8L + 300), null);
            if (o.exitCode() != 0 || !Files.exists(out)) {
                throw new IllegalStateException("the scale fork failed (exit " + o.exitCode() + "); see " + o.log());
            }
            byMode.putAll((Map<String, Object>) Json.parse(Files.readString(out)));
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("burst", 100);
        r.put("modes", byMode);
        return r;
    }
}
