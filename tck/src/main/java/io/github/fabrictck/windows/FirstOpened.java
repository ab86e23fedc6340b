package io.github.fabrictck.windows;

import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.TraceEvent;
import java.util.List;

/**
 * The first trial that opened a window which runs one trial per placement: how it opened, its trace and its holds,
 * put back as the run's once every placement was tried, so that the verdict shows that trial, not the last.
 */
final class FirstOpened {

    private String how;
    private List<TraceEvent> trace = List.of();
    private List<Evidence.Hold> holds = List.of();

    /** Keeps the trial that just opened the window, if none did before. */
    void record(WindowRun run, String how) {
        if (this.how == null) {
            this.how = how;
            this.trace = run.trace().events();
            this.holds = run.holdRecords();
        }
    }

    /** How the first trial opened the window, or {@code null} if none did. */
    String how() {
        return how;
    }

    /** Makes the first trial's trace and holds the run's. */
    void restore(WindowRun run) {
        run.trace().restart();
        trace.forEach(e -> run.trace().add(e.thread(), e.event(), e.at()));
        run.restoreHoldRecords(holds);
    }
}
