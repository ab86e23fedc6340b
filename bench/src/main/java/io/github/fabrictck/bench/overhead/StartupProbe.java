package io.github.fabrictck.bench.overhead;

import io.github.fabrictck.bench.stress.SendPath;
import io.github.fabrictck.engine.Agent;
import io.github.fabrictck.report.Json;
import io.github.fabrictck.spi.Driver;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * A fork that measures start-up, run with and without the agent:
 * {@code java [agent options] -Dbench.agent=true|false -cp ... StartupProbe OUT.json}.
 * It reports the milliseconds from the JVM's start to {@code main} (the agent's {@code premain}
 * runs in between), then the milliseconds to load every driver of the class path and make the
 * first send on {@code sample} (when the agent rewrites the driver's classes), and how many classes
 * the agent rewrote.
 */
public final class StartupProbe {

    private StartupProbe() {
    }

    public static void main(String[] args) throws Exception {
        long mainAt = System.currentTimeMillis();
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        long t0 = System.nanoTime();
        Driver sample = null;
        int drivers = 0;
        for (Driver d : ServiceLoader.load(Driver.class)) {
            drivers++;
            if (d.name().equals("sample")) {
                sample = d;
            }
        }
        if (sample == null) {
            throw new IllegalStateException("no driver 'sample' on the class path");
        }
        try (SendPath path = new SendPath(sample)) {
            path.sendAndAwait();
        }
        long firstUseMillis = (System.nanoTime() - t0) / 1_000_000;
        boolean agent = Boolean.getBoolean("bench.agent");
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("agent", agent);
        r.put("jvmStartToMainMillis", mainAt - jvmStart);
        r.put("firstUseMillis", firstUseMillis);
        r.put("drivers", drivers);
        // Agent is only touched with the agent, so that the run without it loads none of the kit.
        r.put("agentAttached", agent && Agent.attached());
        r.put("instrumentedClasses", agent ? Agent.instrumentedClasses() : 0);
        r.put("transformFailures", agent ? Agent.failures().size() : 0);
        Files.writeString(Path.of(args[0]), Json.pretty(r));
        Runtime.getRuntime().halt(0);
    }
}
