package io.github.fabrictck.explore;

import io.github.fabrictck.engine.RunSettings;
import io.github.fabrictck.engine.WindowNotOpened;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * An exploration's budget and its loop: schedules one after the other, each with its own seed,
 * until one fails, the budget in schedules or in wall time is spent, or (replaying) the one
 * schedule of the file has run.
 *
 * <p>Settings: {@code -Dfabric-tck.explore=random|pct|pos}, {@code -Dfabric-tck.schedules} (default
 * {@value #DEFAULT_SCHEDULES}), {@code -Dfabric-tck.exploreSeconds} (default: most of the window's
 * timeout), {@code -Dfabric-tck.seed} (schedule i runs with seed + i; default 0), {@code
 * -Dfabric-tck.replay=FILE} (reruns a schedule file instead; a relative FILE is read from the project's base
 * directory, the fork's working directory, and {@link #replayProblem} refuses a FILE that is not there before any
 * window runs), {@code -Dfabric-tck.shrinkRuns} (at most this
 * many replays shrink a failing schedule; default {@value #DEFAULT_SHRINK_RUNS}, 0 for none).
 */
public final class Exploration {

    static final int DEFAULT_SCHEDULES = 1_000;
    static final int DEFAULT_SHRINK_RUNS = 200;

    /**
     * The JVM options of a fork that explores or replays schedules, before the user's own (so a threshold
     * given there wins): both compilers, the optimising one (C2) ten times later than the JVM's defaults
     * (5,000 invocations, 15,000 with loops, 40,000 back edges). An exploration's fork is short and its
     * first second is mostly warming up: C2 compiling the kit's scheduler, Byte Buddy and the driver's
     * classes at the default thresholds cost more processor time than it gave back before the first
     * failure (CS-X, {@code broken-cs-2} and {@code broken-cs-3}: about a third sooner at the same
     * schedules), and the code it compiles later is as fast for long runs (the site's exploration page,
     * "What the time to the first failure counts"). The plugin and the benchmark both fork with these.
     */
    public static final List<String> FORK_JIT_OPTIONS = List.of(
            "-XX:Tier4InvocationThreshold=50000", "-XX:Tier4MinInvocationThreshold=20000",
            "-XX:Tier4CompileThreshold=60000", "-XX:Tier4BackEdgeThreshold=400000");

    /**
     * What to explore.
     *
     * @param strategy  {@code random}, {@code pct}, {@code pos}, or {@code replay}
     * @param schedules at most this many schedules
     * @param time      at most this much wall time (a schedule under way finishes)
     * @param seed      the first schedule's seed
     * @param replay    the schedule to replay, or {@code null}
     * @param shrinkRuns at most this many replays to shrink a failing schedule (0: no shrinking)
     */
    public record Settings(String strategy, int schedules, Duration time, long seed, Schedule replay, int shrinkRuns) {

        /** The settings the fork was given, read from its system properties. */
        public static Settings fromSystemProperties() {
            String replayFile = RunSettings.get("fabric-tck.replay", "").strip();
            Schedule replay = null;
            if (!replayFile.isEmpty()) {
                try {
                    replay = Schedule.parse(Files.readString(Path.of(replayFile), StandardCharsets.UTF_8));
                } catch (IOException | RuntimeException e) {
                    throw new WindowNotOpened("-Dfabric-tck.replay=" + replayFile + " cannot be read as a schedule: "
                            + e.getMessage());
                }
            }
            String strategy = replay != null ? "replay" : RunSettings.get("fabric-tck.explore", "random").strip();
            int schedules = (int) number("fabric-tck.schedules", DEFAULT_SCHEDULES);
            double windowSeconds = number("fabric-tck.windowTimeout", 60);
            double seconds = number("fabric-tck.exploreSeconds", Math.max(1, windowSeconds * 0.8));
            // each round of a repeated run explores the next block of seeds
            long seed = (long) number("fabric-tck.seed", 0) + (long) (RunSettings.round() - 1) * schedules;
            int shrinkRuns = (int) number("fabric-tck.shrinkRuns", DEFAULT_SHRINK_RUNS);
            return new Settings(strategy, schedules, Duration.ofMillis(Math.round(seconds * 1000)), seed, replay,
                    shrinkRuns);
        }

        private static double number(String property, double otherwise) {
            String v = RunSettings.get(property, "").strip();
            if (v.isEmpty()) {
                return otherwise;
            }
            try {
                return Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw new WindowNotOpened("-D" + property + "=" + v + " is not a number");
            }
        }
    }

    /** Runs one schedule on a fresh environment and driver. */
    public interface Trial {
        Controller.Outcome run(Scheduler scheduler, long seed);
    }

    /**
     * What an exploration did.
     *
     * @param ran       how many schedules ran
     * @param distinct  how many distinct interleavings they were
     * @param decisions how many decisions they took in all
     * @param nanos     the wall time they took: from the start of the first schedule to the end of the last (the
     *                  failing one), the classes first loaded and rewritten in them included, shrinking not
     * @param failing   the failing schedule's outcome, or {@code null}
     * @param seed      the failing schedule's seed (or the last one's)
     * @param shrunk    how the failing schedule was shrunk, or {@code null}
     * @param shrinkNanos the wall time shrinking took (0 when nothing was shrunk)
     */
    public record Report(int ran, int distinct, long decisions, long nanos, Controller.Outcome failing, long seed,
                         Shrink.Result shrunk, long shrinkNanos) {

        /** Schedules per second. */
        public double rate() {
            return nanos == 0 ? 0 : ran * 1e9 / nanos;
        }

        /** The evidence sentence; it says when the time budget, not the budget in schedules, ended the exploration. */
        public String describe(Settings s) {
            return ran + " schedule(s) of the " + s.strategy() + " scheduler ran (seeds " + s.seed() + ".." + seed
                    + "), " + distinct + " distinct interleaving(s), " + (ran == 0 ? 0 : decisions / ran)
                    + " decisions a schedule on average, " + String.format(java.util.Locale.ROOT, "%.0f", rate())
                    + " schedules/s, " + nanos / 1_000_000 + " ms" + (failing == null ? ""
                    : " to the first failure (from the first schedule's start, the driver's classes first loaded there "
                    + "included)")
                    + (shrunk == null ? "" : ", " + shrinkNanos / 1_000_000 + " ms shrinking")
                    + (cutByTime(s) ? "; the time budget ended it after " + ran + " of the "
                    + s.schedules() + " schedules asked (-Dfabric-tck.exploreSeconds=" + String.format(
                    java.util.Locale.ROOT, "%.1f", s.time().toMillis() / 1000.0) + ", by default 80 % of "
                    + "-Dfabric-tck.windowTimeout: raise either for more)" : "")
                    + (s.replay() == null || s.replay().differences() == null ? ""
                            : "; replayed although " + s.replay().differences() + " differ from the run that wrote it");
        }

        /** Whether the time budget ended the exploration before its budget in schedules was spent. */
        public boolean cutByTime(Settings s) {
            return failing == null && s.replay() == null && ran < s.schedules();
        }
    }

    private Exploration() {
    }

    /**
     * The preflight of {@code -Dfabric-tck.replay}, made before any window runs (by the plugin before it forks, by the
     * launcher before the first window): {@code null} when the setting is unset or names a schedule file, else the one
     * sentence that names the property, the path and what is wrong with it.
     *
     * @param replay        the setting's value as given, or {@code null}
     * @param baseDirectory what a relative path is read against: the project's base directory (the fork's working
     *                      directory)
     */
    public static String replayProblem(String replay, Path baseDirectory) {
        String given = replay == null ? "" : replay.strip();
        if (given.isEmpty()) {
            return null;
        }
        Path path;
        try {
            path = Path.of(given);
        } catch (RuntimeException e) {
            return "fabric-tck.replay=" + given + " is not a path: give the path of a schedule file an exploration "
                    + "wrote (schedule-CQ-X-explore.txt in the output directory).";
        }
        Path file = baseDirectory.toAbsolutePath().resolve(path).normalize();
        String where = path.isAbsolute() ? "" : " (a relative path is read from the project's base directory "
                + baseDirectory.toAbsolutePath().normalize() + ", which makes it " + file + ")";
        if (!Files.exists(file)) {
            return "fabric-tck.replay=" + given + " names no file" + where + ": give the path of a schedule file an "
                    + "exploration wrote (schedule-CQ-X-explore.txt in the output directory).";
        }
        try {
            Schedule.parse(Files.readString(file, StandardCharsets.UTF_8));
            return null;
        } catch (IOException | RuntimeException e) {
            return "fabric-tck.replay=" + given + where + " cannot be read as a schedule file: " + e.getMessage()
                    + "; give the path of a schedule file an exploration wrote.";
        }
    }

    /** Which of PCT's two kinds of schedule a seed makes ({@link Pct#environmentOnly}): each learns its own length. */
    private static int kind(long seed) {
        return Pct.environmentOnly(seed) ? 0 : 1;
    }

    /** Explores until the first failure or the end of the budget. */
    public static Report explore(Settings s, Trial trial) {
        Set<Long> interleavings = new HashSet<>();
        long start = System.nanoTime();
        long decisions = 0;
        // PCT's first schedule places its change points among this many steps, the later ones among the most a
        // schedule took so far
        int[] expected = {Pct.FIRST_EXPECTED_STEPS, Pct.FIRST_EXPECTED_DECISIONS};
        int budget = s.replay() != null ? 1 : s.schedules();
        long seed = s.replay() != null ? s.replay().seed() : s.seed();
        for (int i = 0; i < budget; i++) {
            seed = s.replay() != null ? s.replay().seed() : s.seed() + i;
            Scheduler scheduler = s.replay() != null ? new Replay(s.replay())
                    : Scheduler.of(s.strategy(), seed, expected[kind(seed)]);
            long began = System.nanoTime();
            Controller.Outcome o = trial.run(scheduler, seed);
            long took = System.nanoTime() - began;
            decisions += o.decisions().size();
            expected[kind(seed)] = Math.max(expected[kind(seed)], scheduler.counted(o.decisions().size()));
            interleavings.add(o.fingerprint());
            if (o.failure() != null) {
                long found = System.nanoTime() - start;
                // shrinking stops within the exploration's time, keeping room for the last replay (which shows the
                // shrunk schedule) and one more: a failure found late is reported, not lost to the window's timeout
                long deadline = start + s.time().toNanos() - 2 * took;
                Shrink.Result shrunk = s.replay() != null || s.shrinkRuns() == 0 ? null
                        : Shrink.shrink(o, trial, seed, s.shrinkRuns(), deadline);
                return new Report(i + 1, interleavings.size(), decisions, found, shrunk == null ? o : shrunk.outcome(),
                        seed, shrunk, shrunk == null ? 0 : System.nanoTime() - start - found);
            }
            if (System.nanoTime() - start > s.time().toNanos()) {
                return new Report(i + 1, interleavings.size(), decisions, System.nanoTime() - start, null, seed, null, 0);
            }
        }
        return new Report(budget, interleavings.size(), decisions, System.nanoTime() - start, null, seed, null, 0);
    }
}
