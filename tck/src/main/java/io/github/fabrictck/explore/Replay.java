package io.github.fabrictck.explore;

import io.github.fabrictck.engine.WindowNotOpened;
import java.util.List;

/** Makes the decisions of a schedule file again, one by one; ERROR when the run offers another choice. */
final class Replay implements Scheduler {

    private final List<String> decisions;
    private final String differs;

    /** Replays decisions of this run (shrinking). */
    Replay(List<String> decisions) {
        this.decisions = List.copyOf(decisions);
        this.differs = "the driver or the kit differs from the run that wrote it";
    }

    /** Replays a schedule file, which may come from another run. */
    Replay(Schedule schedule) {
        this.decisions = schedule.decisions();
        String d = schedule.differences();
        this.differs = d == null ? "the driver or the kit differs from the run that wrote it"
                : d + " differ from the run that wrote it";
    }

    @Override
    public int choose(List<String> options, int step) {
        if (step >= decisions.size()) {
            throw new WindowNotOpened("the replayed schedule's " + decisions.size() + " decisions ran out while "
                    + options + " could still run: " + differs);
        }
        int i = options.indexOf(decisions.get(step));
        if (i < 0) {
            throw new WindowNotOpened("the replay diverged at decision " + (step + 1) + ": '" + decisions.get(step)
                    + "' is not among " + options + ": " + differs);
        }
        return i;
    }
}
