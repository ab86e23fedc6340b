package io.github.fabrictck.launcher;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import io.github.fabrictck.engine.DriverLoader;
import io.github.fabrictck.engine.Libraries;
import io.github.fabrictck.engine.RunSettings;
import io.github.fabrictck.engine.Site;
import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.windows.Session;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs the catalog for one driver: picks the driver by name from {@link ServiceLoader}, selects
 * the windows, runs them through the JUnit Platform Launcher, and tells a {@link Listener} of the
 * run's facts, of each window as it starts and of each verdict as it is reached. It writes no file:
 * in a fork of the Maven plugin the listener is the channel to Maven's process, which writes them.
 */
public final class Launcher {

    /** The longest reason a verdict keeps; a longer one is cut with the count of what was left out. */
    public static final int MAX_REASON = 4000;

    /**
     * What to run.
     *
     * @param driverName      the driver to judge, or {@code null} when exactly one is on the class path
     * @param windows         window ids or families to run; empty for all
     * @param excluded        window ids or families not to run
     * @param repeat          how many times to run each window variant
     * @param reproducePrefix the command that reruns the kit, before {@code -Dfabric-tck.driver=...}
     * @param bound           how soon pending work must be taken up
     * @param pointTimeout    how long a script waits for a point before the window is ERROR
     * @param windowTimeout   the longest a window may run before it is ERROR
     */
    public record Config(String driverName, Set<String> windows, Set<String> excluded, int repeat,
                         String reproducePrefix, Duration bound, Duration pointTimeout, Duration windowTimeout) {
    }

    /** Told of a run as it goes, on the launcher's thread. */
    public interface Listener {

        /** The run's facts (driver, JVM, what was selected), with no window yet; once, before any window. */
        void header(Result header);

        /**
         * A window variant starts.
         *
         * @param label   {@code CQ-1/a}
         * @param running the label with the round when windows repeat: {@code CQ-1/a (run 2 of 3)}
         */
        void started(String label, String running);

        /** The verdict of one run of the window variant that started last. */
        void verdict(WindowResult run);
    }

    private Launcher() {
    }

    /** The kit's version. */
    public static String tckVersion() {
        try (InputStream in = Launcher.class.getResourceAsStream("/fabric-tck.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    /**
     * Finds the one driver to judge, or says in one sentence what to change. A listed driver that
     * cannot be loaded does not hide the others when a healthy driver is chosen by name.
     */
    public static Driver selectDriver(ClassLoader loader, String name) throws ConfigurationError {
        List<Driver> drivers = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        Iterator<Driver> it = ServiceLoader.load(Driver.class, loader).iterator();
        for (int guard = 0; guard < 10_000; guard++) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                drivers.add(it.next());
            } catch (ServiceConfigurationError | LinkageError e) {
                broken.add(describe(e));
            }
        }
        boolean chosenIsHealthy = name != null && drivers.stream().anyMatch(d -> name.equals(d.name()));
        if (!broken.isEmpty() && !chosenIsHealthy) {
            throw new ConfigurationError("A driver listed in META-INF/services/" + Driver.class.getName()
                    + " could not be loaded: " + broken.get(0) + ".");
        }
        return DriverChoice.choose(drivers, name);
    }

    private static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String where = root.getStackTrace().length > 0 ? " at " + Site.format(root.getStackTrace()[0]) : "";
        return e.getMessage() + (root == e ? "" : " (" + root + where + ")");
    }

    /**
     * Runs the selected windows, telling {@code listener} as it goes.
     *
     * @return the whole result, complete
     */
    public static Result run(Config config, Listener listener) throws ConfigurationError {
        return run(config, null, listener);
    }

    /**
     * Starts, on a daemon thread of its own, what the first window waits for and no driver code takes part in: the
     * catalog of this run, and the JUnit Platform's engine, loaded by a discovery of one window (600 classes, most of
     * a second on two shared cores). It overlaps what the fork does before its first window: the handshake with
     * Maven's process, the agent's start, the driver's loading and rewriting. Only the kit's classes are loaded by
     * it: the driver's are in the driver's loader, which exists only once the agent started.
     */
    static void prepareInBackground() {
        Thread t = new Thread(() -> {
            try {
                Catalog catalog = Catalog.discover();
                if (!catalog.entries().isEmpty()) {
                    Catalog.Entry first = catalog.entries().get(0);
                    LauncherFactory.create().discover(LauncherDiscoveryRequestBuilder.request()
                            .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "false")
                            .selectors(selectMethod(first.method().getDeclaringClass(), first.method())).build());
                }
            } catch (RuntimeException | Error e) {
                // the run's own calls discover again and report it
            }
        }, "fabric-tck-catalog");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Runs the part {@code shard} of the selected windows' runs ({@link Sharding}), or all of them
     * when it is {@code null}, telling {@code listener} as it goes.
     *
     * @return the whole result of the part, complete
     */
    public static Result run(Config config, Sharding.Part shard, Listener listener) throws ConfigurationError {
        // a schedule file that is not there is bad input, said once before any driver code runs, not an ERROR per window
        String replay = io.github.fabrictck.explore.Exploration.replayProblem(RunSettings.get("fabric-tck.replay", null),
                java.nio.file.Path.of(""));
        if (replay != null) {
            throw new ConfigurationError(replay);
        }
        Catalog catalog = Catalog.discover();
        Set<String> include = config.windows().isEmpty() ? replayedWindow() : config.windows();
        Set<String> windows = WindowSelection.resolve(catalog, include, config.excluded());
        Set<String> variants = WindowSelection.variants(catalog, include, config.excluded());
        // the driver's code runs with its own loader as the context class loader, as its libraries expect;
        // JUnit's machinery (engines, settings) with the kit's
        Thread launcherThread = Thread.currentThread();
        ClassLoader kitLoader = launcherThread.getContextClassLoader();
        ClassLoader driverLoader = DriverLoader.current();
        Driver driver;
        launcherThread.setContextClassLoader(driverLoader);
        try {
            driver = selectDriver(driverLoader, config.driverName());
        } finally {
            launcherThread.setContextClassLoader(kitLoader);
        }
        Session session = Session.start(driver, config.bound(), config.pointTimeout());
        Result.DriverInfo driverInfo = new Result.DriverInfo(driver.name(), driver.version());
        String[] frozenJvm = io.github.fabrictck.engine.RunSettings.jvm(); // as before any driver code ran
        Result.JvmInfo jvm = new Result.JvmInfo(frozenJvm[0], frozenJvm[1]);
        Result.Run run = runFacts(session.families(), windows, config.excluded());
        if (shard != null) {
            run = new Result.Run(run.families(), run.selected(), run.excluded(), run.settings(),
                    Sharding.plan(shard, List.copyOf(variants), config.repeat()));
        }
        Map<String, List<WindowResult>> runs = new LinkedHashMap<>();
        // the agent scanned the libraries' classes before main: their rewritten call sites are all known now
        List<Result.CallSite> rewritten = Libraries.rewrittenSites();
        // and the jars it read them from are hashed before any window runs, as the certificate names them
        List<Result.AdapterDeclaration> adapters = Libraries.adapters();
        listener.header(new Result(Result.SCHEMA, tckVersion(), driverInfo, jvm, false, null, List.of(), run, rewritten,
                adapters));

        LauncherDiscoveryRequest whole = discovery(catalog, variants, config);
        Set<Sharding.Unit> assigned = shard == null ? null
                : new java.util.HashSet<>(Sharding.assigned(shard, List.copyOf(variants), config.repeat()));
        for (int r = 1; r <= Math.max(1, config.repeat()); r++) {
            LauncherDiscoveryRequest discovery = whole;
            RunSettings.round(r);
            if (assigned != null) {
                // a shard runs, in each round, only the variants the split gave it for that repetition
                List<String> thisRound = Sharding.round(assigned, List.copyOf(variants), r);
                if (thisRound.isEmpty()) {
                    continue;
                }
                discovery = discovery(catalog, Set.copyOf(thisRound), config);
            }
            String round = config.repeat() > 1 ? " (run " + r + " of " + config.repeat() + ")" : "";
            LauncherFactory.create().execute(discovery, new TestExecutionListener() {
                private long started;

                @Override
                public void executionStarted(TestIdentifier id) {
                    started = System.nanoTime();
                    Catalog.entry(id).ifPresent(entry -> {
                        listener.started(entry.label(), entry.label() + round);
                        // the window's threads, started from here on, inherit it
                        Thread.currentThread().setContextClassLoader(driverLoader);
                    });
                }

                @Override
                public void executionFinished(TestIdentifier id, TestExecutionResult outcome) {
                    long millis = (System.nanoTime() - started) / 1_000_000;
                    Catalog.entry(id).ifPresent(entry -> {
                        Thread.currentThread().setContextClassLoader(kitLoader);
                        WindowResult w = verdict(entry, id, outcome, millis, session, driver, config);
                        runs.computeIfAbsent(entry.label(), k -> new ArrayList<>()).add(w);
                        listener.verdict(w);
                    });
                }
            });
        }
        Map<String, String> settings = run.settings();
        return new Result(Result.SCHEMA, tckVersion(), driverInfo, jvm, true, null,
                runs.values().stream().map(r -> Repetition.aggregate(r, settings)).toList(),
                shard == null ? run : Sharding.withOutcomes(run, runs), rewritten, adapters);
    }

    /** The request that runs {@code variants} (labels) of the catalog, in catalog order. */
    /**
     * The window variant of the schedule file {@code fabric-tck.replay} names ({@code CQ-X/explore}), which a replay
     * runs when no window is selected, rather than the whole catalog; empty (the whole catalog) when no file is
     * replayed or it names none.
     */
    private static Set<String> replayedWindow() {
        String file = RunSettings.get("fabric-tck.replay", "").strip();
        if (file.isEmpty()) {
            return Set.of();
        }
        try {
            String window = io.github.fabrictck.explore.Schedule.parse(
                    java.nio.file.Files.readString(java.nio.file.Path.of(file), java.nio.charset.StandardCharsets.UTF_8)).window();
            return window == null || window.isBlank() ? Set.of() : Set.of(window);
        } catch (java.io.IOException | RuntimeException e) {
            return Set.of(); // the window that runs it says why the file cannot be replayed
        }
    }

    private static LauncherDiscoveryRequest discovery(Catalog catalog, Set<String> variants, Config config) {
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                // the windows' time limit is the kit's own, counted from each variant's latest trial (WindowDeadline)
                .configurationParameter(io.github.fabrictck.windows.WindowExtension.WINDOW_TIMEOUT_PARAMETER,
                        Long.toString(config.windowTimeout().toSeconds()))
                .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "false");
        catalog.entries().stream().filter(e -> variants.contains(e.label()))
                .forEach(e -> request.selectors(selectMethod(e.method().getDeclaringClass(), e.method())));
        return request.build();
    }

    /** What this run was asked to do and what the driver declares (asked once, by the session); settings are the fork's {@code fabric-tck.*} properties. */
    static Result.Run runFacts(Set<Family> declared, Set<String> selected, Set<String> excluded) {
        SortedMap<String, String> settings = new TreeMap<>(RunSettings.all()); // as frozen before the driver ran
        List<String> families = Arrays.stream(Family.values()).filter(declared::contains).map(Family::id).toList();
        return new Result.Run(families, List.copyOf(selected), List.copyOf(excluded), settings);
    }

    static WindowResult verdict(Catalog.Entry entry, TestIdentifier id, TestExecutionResult outcome, long millis,
                                Session session, Driver driver, Config config) {
        Session.Record record = session.records().get(id.getUniqueId());
        Evidence evidence = record == null ? Evidence.none() : record.evidence();
        List<String> holds = record == null ? List.of() : record.holds();
        Throwable thrown = outcome.getThrowable().orElse(null);
        Verdicts.Verdict v = record != null && record.kitError() != null ? Verdicts.kitError(record.kitError())
                : switch (outcome.getStatus()) {
                    case SUCCESSFUL -> Verdicts.succeeded(evidence);
                    case ABORTED -> Verdicts.aborted(thrown);
                    case FAILED -> Verdicts.failed(thrown, holds, record == null ? null : record.where());
                };
        String title = entry.window().title() + (entry.variant() == null ? "" : " (" + entry.variant().title() + ")");
        String reproduce = config.reproducePrefix() + " -Dfabric-tck.driver=" + driver.name()
                + " -Dfabric-tck.windows=" + entry.label();
        return new WindowResult(entry.window().id(), entry.variant() == null ? null : entry.variant().id(), title,
                entry.window().family().id(), v.outcome(), millis, capped(v.reason()), v.violated(), evidence,
                reproduce, record == null ? null : record.threadDump(), record == null ? List.of() : record.trace());
    }

    /** {@code reason} cut at {@value #MAX_REASON} characters, saying how many were left out. */
    static String capped(String reason) {
        if (reason == null || reason.length() <= MAX_REASON) {
            return reason;
        }
        return reason.substring(0, MAX_REASON) + "… (" + (reason.length() - MAX_REASON) + " more characters)";
    }
}
