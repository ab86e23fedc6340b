package io.github.fabrictck.explore;

import io.github.fabrictck.engine.WindowNotOpened;
import java.util.List;

/** Makes the decisions of a schedule file again, one by one; ERROR when the run offers another choice. */
final class Replay implements Scheduler {

    private final List<String> decisions;

    Replay(List<String> decisions) {
        this.decisions = List.copyOf(decisions);
    }

    @Override
    public int choose(List<String> options, int step) {
        if (step >= decisions.size()) {
            throw new WindowNotOpened("the replayed schedule's " + decisions.size() + " decisions ran out while "
                    + options + " could still run: the driver or the kit differs from the run that wrote it");
        }
        int i = options.indexOf(decisions.get(step));
        if (i < 0) {
            throw new WindowNotOpened("the replay diverged at decision " + (step + 1) + ": '" + decisions.get(step)
                    + "' is not among " + options + ": the driver or the kit differs from the run that wrote it");
        }
        return i;
    }
}
