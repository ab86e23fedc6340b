package io.github.fabrictck.bench.stress;

import io.github.fabrictck.bench.Drivers;
import io.github.fabrictck.report.Json;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.Family;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The plain-stress fork's entry point, run without the kit's agent:
 * {@code java -cp ... io.github.fabrictck.bench.stress.StressMain DRIVER SECONDS SEED OUT.json}.
 */
public final class StressMain {

    private StressMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: StressMain DRIVER SECONDS SEED OUT.json");
            System.exit(2);
        }
        String driver = args[0];
        Duration budget = Duration.ofMillis(Math.round(Double.parseDouble(args[1]) * 1000));
        long seed = Long.parseLong(args[2]);
        Path out = Path.of(args[3]);
        Driver d = Drivers.byName(driver);
        Map<String, Object> result;
        if (d.families().contains(Family.COMPLETION_QUEUE)) {
            result = new StressRun(d, StressRun.Options.standard(budget, seed)).run();
        } else {
            result = new LinkedHashMap<>();
            result.put("driver", driver);
            result.put("notAvailable", "not available: the stress device covers the completion-queue family only");
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, Json.pretty(result));
        System.out.println("stress " + driver + ": " + result.get("detections") + " detection(s) in " + result.get("seconds")
                + " s; first: " + result.get("firstDetection"));
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }
}
