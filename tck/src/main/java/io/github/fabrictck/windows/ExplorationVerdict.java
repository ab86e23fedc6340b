package io.github.fabrictck.windows;

import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.RunSettings;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.explore.Controller;
import io.github.fabrictck.explore.Exploration;
import io.github.fabrictck.explore.Schedule;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;

/** What every exploration window ({@code CQ-X}, {@code HS-X}, {@code CS-X}) does before and after its schedules. */
final class ExplorationVerdict {

    private ExplorationVerdict() {
    }

    /**
     * The exploration settings of window variant {@code label} ({@code CQ-X/explore}); a replay of another variant's
     * schedule file is not this one's to run: NOT_APPLICABLE, saying whose it is.
     */
    static Exploration.Settings settings(String label) {
        Exploration.Settings settings = Exploration.Settings.fromSystemProperties();
        if (settings.replay() != null && settings.replay().window() != null
                && !settings.replay().window().equals(label)) {
            Assumptions.abort("the schedule replayed is one of " + settings.replay().window() + ", not of " + label);
        }
        return settings;
    }

    /** The schedule file of window variant {@code label}: {@code schedule-CQ-X-explore.txt}. */
    static String fileName(String label) {
        return "schedule-" + label.replace('/', '-') + ".txt";
    }

    /** Where the schedule file {@code fileName} is written in this run, as {@link #replayPath(Path, Path, String)} says it. */
    static String replayPath(String fileName) {
        return replayPath(RunSettings.outputDirectory(), Path.of("").toAbsolutePath(), fileName);
    }

    /**
     * The path to give {@code -Dfabric-tck.replay} for the schedule file {@code fileName} in {@code outputDirectory}:
     * relative to {@code workingDirectory} (the fork's, which is the project's base directory, against which the replay
     * path is read) when the file is under it, else absolute.
     */
    static String replayPath(Path outputDirectory, Path workingDirectory, String fileName) {
        Path base = workingDirectory.toAbsolutePath().normalize();
        Path file = base.resolve(outputDirectory).resolve(fileName).normalize();
        return (file.startsWith(base) ? base.relativize(file) : file).toString();
    }

    /**
     * Turns an exploration's report into the verdict: FAIL with the failing schedule as a file (carried in the trace
     * for Maven's process to write), or the evidence sentence; ERROR when no schedule ran.
     *
     * @param driver the driver's name and version, asked only when a FAIL needs it (a call into the driver makes the
     *               calling thread a driver thread)
     * @param note   what the evidence adds at its end, or empty
     */
    static void judge(WindowRun run, Supplier<String> driver, String label, Exploration.Settings settings,
                      Exploration.Report report, String note) {
        if (report.failing() != null) {
            Controller.Outcome o = report.failing();
            String fileName = fileName(label);
            Schedule file = new Schedule(label, settings.strategy(), report.seed(), io.github.fabrictck.launcher.Launcher
                    .tckVersion(), driver.get(), o.failure().invariant() + ": " + o.failure().details(), o.decisions());
            run.trace().addAlways("kit", Schedule.TRACE_MARKER + fileName + "\n" + file.text(), null);
            String shrunk = report.shrunk() == null ? "" : "; " + report.shrunk().describe();
            run.opened(report.describe(settings) + shrunk);
            throw new InvariantViolation(o.failure().invariant(), o.failure().details() + " [schedule " + report.ran()
                    + " of " + settings.strategy() + ", seed " + report.seed() + ", " + o.decisions().size()
                    + " decisions" + shrunk + "; replay: -Dfabric-tck.replay=" + replayPath(fileName) + "]");
        }
        if (report.ran() == 0) {
            throw new WindowNotOpened("no schedule ran");
        }
        run.opened(report.describe(settings) + note);
    }
}
