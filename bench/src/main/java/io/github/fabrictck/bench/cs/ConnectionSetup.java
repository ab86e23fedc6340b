package io.github.fabrictck.bench.cs;

import io.github.fabrictck.bench.BenchConfig;
import io.github.fabrictck.bench.Directed;
import io.github.fabrictck.bench.Forks;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.TraceEvent;
import io.github.fabrictck.report.WindowResult;
import io.github.fabrictck.spi.Driver;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Section 6: the connection-setup family on virtual time. For {@code sample} and every
 * {@code broken-cs-*} driver, one launcher JVM with {@code --repeat csRuns} of the CS windows, forked
 * as section 1 forks it ({@link Directed#launch}). Per window variant: the verdicts, every run's wall
 * time (the sweep's, or up to its FAIL) and the time to FAIL; from the trace of the run the result
 * shows (the kit keeps the trace of the trial a window is in, so the last trial of a passing sweep,
 * the failing trial of a failing one): the trials the sweep ran and the virtual time of that trial.
 *
 * <p>The kit's last trace event of a finished sweep gives the virtual time of all its trials; without
 * it (an older kit) the section estimates that of a passing sweep as its trials times the virtual
 * time of the trial shown, its last, which has the sweep's largest phase (on the high side). The failing trial of a failing sweep
 * says nothing of the trials before it (it may end at once and never end setup): no estimate.
 */
public final class ConnectionSetup {

    /** The one-way delay of the control stream and the fast path, in ms: the kit's default ({@code fabric-tck.controlDelay}). */
    static final long DELAY_MS = 10;
    /** The phase sweep: 0 to this, in ms, in steps of the one-way delay (the kit's defaults). */
    static final long PHASE_MAX_MS = 2000;
    /** The setup bound, in s: the kit's default ({@code fabric-tck.setupBound}). */
    static final long SETUP_BOUND_S = 10;

    /** The kit's first trace event of a trial: {@code trial 100: the server stalled 990 ms from ..., ...}. */
    static final Pattern TRIAL = Pattern.compile("^trial (\\d+): (.*)$");
    /** The kit's last trace event of a finished sweep: {@code 201 phases judged}, {@code 604 trials: ...}. */
    static final Pattern SWEPT = Pattern.compile("^(\\d+) (?:phases judged|trials: )");
    /** The virtual time of a finished sweep, on its last trace event: {@code ...; 812.345 s of virtual time in all}. */
    static final Pattern TOTAL = Pattern.compile("([\\d.]+) s of virtual time in all");
    /** An event on virtual time: {@code t=3.030 s ...}. */
    static final Pattern STAMP = Pattern.compile("^t=(\\d+(?:\\.\\d+)?) s ");
    /** The kit's last trace event of a trial: {@code trial 100 ended: measured phase 990 ms (...)}. */
    static final Pattern PHASE = Pattern.compile("^trial \\d+ ended: measured phase (-?\\d+)(?:\\.\\d+)? ms");

    private ConnectionSetup() {
    }

    /**
     * Runs the section: one fork per driver, {@code csRuns} runs of {@code csWindows}.
     *
     * @param say told of each fork's progress, for the console
     */
    public static Map<String, Object> measure(Forks forks, BenchConfig config, Path work, Consumer<String> say)
            throws IOException, InterruptedException {
        String windows = String.join(",", config.csWindows());
        List<Map<String, Object>> drivers = new ArrayList<>();
        for (String driver : drivers(config)) {
            say.accept("6. connection setup: " + driver + ", " + windows + ", " + config.csRuns() + " runs");
            Path out = work.resolve("cs-" + driver);
            Map<String, Object> d = Directed.launch(forks, driver, windows, config.csRuns(), out,
                    Duration.ofSeconds(300 + config.csRuns() * 120L));
            addSweeps(d, out);
            drivers.add(d);
            say.accept("   " + driver + ": " + summary(d));
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("runs", config.csRuns());
        r.put("windows", windows);
        r.put("controlDelayMillis", DELAY_MS);
        r.put("phaseStepMillis", DELAY_MS);
        r.put("phaseMaxMillis", PHASE_MAX_MS);
        r.put("phases", PHASE_MAX_MS / DELAY_MS + 1);
        r.put("setupBoundSeconds", SETUP_BOUND_S);
        r.put("drivers", drivers);
        return r;
    }

    /** The drivers of the section: those configured, else {@code sample} and every {@code broken-cs-*} driver of the class path. */
    static List<String> drivers(BenchConfig config) {
        if (!config.csDrivers().isEmpty()) {
            return config.csDrivers();
        }
        List<String> names = new ArrayList<>();
        for (Driver d : ServiceLoader.load(Driver.class)) {
            if (d.name().startsWith("broken-cs-")) {
                names.add(d.name());
            }
        }
        names.sort(null);
        names.add(0, "sample");
        return names;
    }

    /** Adds to each variant of a launch what its trace says of the sweep ({@link #sweep}). */
    @SuppressWarnings("unchecked")
    private static void addSweeps(Map<String, Object> launch, Path out) {
        Result result;
        try {
            result = ResultJson.read(out.resolve(ResultJson.FILE_NAME));
        } catch (IOException e) {
            return; // Directed.launch has said why in "problem"
        }
        for (Map<String, Object> v : (List<Map<String, Object>>) launch.get("variants")) {
            result.windows().stream().filter(w -> w.label().equals(v.get("window"))).findFirst()
                    .ifPresent(w -> v.putAll(sweep(w)));
        }
    }

    /**
     * What the trace of a CS window variant says of its sweep: {@code trials}, the sweep's trials
     * when it finished (else {@code null}); {@code trialsRun}, the trials it ran (to its FAIL or
     * ERROR); {@code lastTrial}, the conditions of the trial shown; {@code lastTrialPhaseMillis}, its measured phase;
     * {@code lastTrialVirtualMillis}, the virtual time of that trial's last event; and, for a sweep that
     * finished, {@code virtualEstimateMillis}: {@code trials × lastTrialVirtualMillis}.
     */
    static Map<String, Object> sweep(WindowResult w) {
        Integer trialsRun = null;
        Integer trials = null;
        String lastTrial = null;
        Long lastPhase = null;
        double lastVirtual = -1;
        double totalVirtual = -1;
        for (TraceEvent e : w.trace()) {
            if (!"kit".equals(e.thread())) {
                continue;
            }
            Matcher m = TRIAL.matcher(e.event());
            if (m.find()) {
                trialsRun = Integer.valueOf(m.group(1));
                lastTrial = m.group(2);
                lastVirtual = 0;
                lastPhase = null;
                continue;
            }
            m = PHASE.matcher(e.event());
            if (m.find()) {
                lastPhase = Long.valueOf(m.group(1));
                continue;
            }
            m = SWEPT.matcher(e.event());
            if (m.find()) {
                trials = Integer.valueOf(m.group(1));
                Matcher total = TOTAL.matcher(e.event());
                if (total.find()) {
                    totalVirtual = Double.parseDouble(total.group(1)) * 1000;
                }
                continue;
            }
            m = STAMP.matcher(e.event());
            if (m.find() && lastTrial != null) {
                lastVirtual = Math.max(lastVirtual, Double.parseDouble(m.group(1)) * 1000);
            }
        }
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("trials", trials);
        s.put("trialsRun", trials != null ? trials : trialsRun);
        s.put("lastTrial", lastTrial);
        s.put("lastTrialPhaseMillis", lastPhase);
        s.put("lastTrialVirtualMillis", lastVirtual < 0 ? null : Math.round(lastVirtual));
        s.put("virtualMillis", totalVirtual < 0 ? null : Math.round(totalVirtual));
        s.put("virtualEstimateMillis", totalVirtual >= 0 ? Long.valueOf(Math.round(totalVirtual))
                : trials == null || lastVirtual < 0 ? null : Long.valueOf(Math.round(trials * lastVirtual)));
        return s;
    }

    @SuppressWarnings("unchecked")
    private static String summary(Map<String, Object> launch) {
        StringBuilder s = new StringBuilder("fork " + launch.get("forkWallMillis") + " ms, exit " + launch.get("exitCode"));
        for (Map<String, Object> v : (List<Map<String, Object>>) launch.get("variants")) {
            Map<String, Object> wall = (Map<String, Object>) v.get("wallMillis");
            s.append("; ").append(v.get("window")).append(": ").append(v.get("fail")).append(" FAIL, ")
                    .append(v.get("pass")).append(" PASS, ").append(v.get("error")).append(" ERROR, ")
                    .append(v.get("trialsRun")).append(" trials, median ")
                    .append(wall == null ? "?" : wall.get("median")).append(" ms");
        }
        return s.toString();
    }
}
