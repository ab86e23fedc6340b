package io.github.fabrictck.bench.scale;

import io.github.fabrictck.bench.Directed;
import io.github.fabrictck.bench.Forks;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scale row for peers in all-to-all first contact: HS-1's all-to-all variant on the compliant
 * {@code sample}, once per peer count, each in a fork of its own with {@code -Dfabric-tck.peers=N};
 * the time is the variant's duration (the fork's first window, so it includes the JVM's warm-up).
 */
public final class PeerScale {

    static final String VARIANT = "HS-1/all-to-all";

    private PeerScale() {
    }

    /** One row per peer count: peers, application messages, the variant's outcome and duration. */
    public static Map<String, Object> measure(Forks forks, List<Integer> peerCounts, Path work)
            throws IOException, InterruptedException {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int n : peerCounts) {
            Map<String, Object> fork = Directed.launch(forks, "sample", "HS-1", 1, work.resolve("peers-" + n),
                    Duration.ofMinutes(10), List.of("-Dfabric-tck.peers=" + n));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> variants = (List<Map<String, Object>>) fork.get("variants");
            Map<String, Object> allToAll = variants.stream().filter(v -> VARIANT.equals(v.get("window"))).findFirst()
                    .orElse(Map.of());
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("peers", n);
            row.put("messages", n * (n - 1));
            row.put("outcome", allToAll.get("outcome"));
            row.put("millis", allToAll.get("durationMillis"));
            row.put("forkWallMillis", fork.get("forkWallMillis"));
            rows.add(row);
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("peers", peerCounts);
        r.put("window", VARIANT);
        r.put("rows", rows);
        r.put("status", rows.isEmpty() ? "no peer count given (bench.scalePeers)" : "measured");
        return r;
    }
}
