package io.github.fabrictck.explore;

import io.github.fabrictck.engine.FixtureAgent;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fabrictck.launcher.Launcher;
import io.github.fabrictck.launcher.RunRecord;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Runs an exploration window on a fixture driver in this JVM, as the fork runs it, for the exploration tests. */
final class ExploreRuns {

    /** The exploration settings a test may set, cleared after each. */
    private static final List<String> PROPERTIES = List.of("fabric-tck.explore", "fabric-tck.schedules",
            "fabric-tck.replay", "fabric-tck.seed", "fabric-tck.shrinkRuns");

    private ExploreRuns() {
    }

    /** Installs the agent over the fixtures' package (before any fixture class loads). */
    static void attachAgent() {
        FixtureAgent.attach();
    }

    /** Clears every exploration setting a test set. */
    static void clearSettings() {
        PROPERTIES.forEach(System::clearProperty);
        io.github.fabrictck.engine.RunSettings.outputDirectory(null);
    }

    /**
     * Runs {@code window} on a fixture driver {@code repeat} times; each run's verdict, and the files Maven's process
     * would write (the failing schedule's among them).
     */
    static Map.Entry<List<WindowResult>, Map<String, String>> explore(String driver, String window, int repeat,
                                                                      Duration windowTimeout) throws Exception {
        return explore(driver, Set.of(window), repeat, windowTimeout);
    }

    /** {@link #explore(String, String, int, Duration)} with these windows selected (none: what the run defaults to). */
    static Map.Entry<List<WindowResult>, Map<String, String>> explore(String driver, Set<String> windows, int repeat,
                                                                      Duration windowTimeout) throws Exception {
        String window = String.join(",", windows);
        Map.Entry<List<WindowResult>, Map<String, String>> ran = run(driver, windows, repeat, windowTimeout);
        assertEquals(repeat, ran.getKey().size(), window + " is listed once exploration is asked for: " + ran.getKey());
        return ran;
    }

    /** Runs the selected windows (and their variants) on a fixture driver {@code repeat} times, as the fork does. */
    static Map.Entry<List<WindowResult>, Map<String, String>> run(String driver, Set<String> windows, int repeat,
                                                                  Duration windowTimeout) throws Exception {
        RunRecord record = new RunRecord(null);
        List<WindowResult> runs = new ArrayList<>();
        Launcher.run(new Launcher.Config(driver, windows, Set.of(), repeat, "mvn fabric-tck:run",
                Duration.ofSeconds(1), Duration.ofSeconds(5), windowTimeout), new Launcher.Listener() {
                    @Override
                    public void header(Result header) {
                        record.accept(RunRecord.headerMessage(header));
                    }

                    @Override
                    public void started(String label, String running) {
                        record.accept(RunRecord.startedMessage(label, running));
                    }

                    @Override
                    public void verdict(WindowResult run) {
                        runs.add(run);
                        record.accept(RunRecord.verdictMessage(run));
                    }
                });
        keep(driver, record.dumps());
        return Map.entry(runs, record.dumps());
    }

    /**
     * Writes the files of a run (a failing schedule's among them) under {@code target/explore-files/DRIVER/}, so that a
     * test that failed on a machine leaves the schedule to replay (a correct fixture FAILed CQ-X once under load, with
     * no file kept).
     */
    private static void keep(String driver, Map<String, String> files) throws java.io.IOException {
        java.nio.file.Path dir = java.nio.file.Path.of("target", "explore-files", driver);
        for (Map.Entry<String, String> f : files.entrySet()) {
            java.nio.file.Files.createDirectories(dir);
            java.nio.file.Files.writeString(dir.resolve(java.nio.file.Path.of(f.getKey()).getFileName()), f.getValue());
        }
    }

    /** A failure's invariant and reason without the schedule's part (which seed, how many decisions). */
    static String failure(WindowResult w) {
        return w.violated() + " " + w.reason().substring(0, w.reason().indexOf(" [schedule"));
    }
}
