package io.github.fabrictck.explore;

import java.util.ArrayList;
import java.util.List;

/**
 * Shrinks a failing schedule before it is reported: delta debugging (ddmin) over its decisions, each
 * candidate replayed leniently ({@link Lenient}: a decision no longer possible gives way to the thread
 * that ran last), kept when it fails the same oracle with fewer decisions, or as many and fewer
 * preemptions (a switch away from a thread that could have run on). Bounded in runs.
 */
public final class Shrink {

    /** What shrinking did. */
    public record Result(Controller.Outcome outcome, int runs, int decisionsBefore, int preemptionsBefore,
                         boolean outOfTime) {

        /** In words, for the FAIL's evidence. */
        public String describe() {
            return "shrunk from " + decisionsBefore + " to " + outcome.decisions().size() + " decisions and from "
                    + preemptionsBefore + " to " + preemptions(outcome.decisions()) + " thread switches in " + runs
                    + " replays" + (outOfTime ? " (stopped there: the exploration's time was spent)" : "");
        }
    }

    private Shrink() {
    }

    /**
     * @param failing  the failing schedule
     * @param trial    runs one schedule
     * @param maxRuns  at most this many replays
     * @param deadline {@link System#nanoTime()} after which no replay starts but the last, which runs the shrunk
     *                 schedule for the report (so a failure found late, or a long failing schedule, is reported as it
     *                 was found rather than lost to the window's timeout)
     */
    public static Result shrink(Controller.Outcome failing, Exploration.Trial trial, long seed, int maxRuns, long deadline) {
        String invariant = failing.failure().invariant();
        Controller.Outcome best = failing;
        int runs = 0;
        int n = 2;
        boolean outOfTime = false;
        while (best.decisions().size() >= 2 && runs < maxRuns && !(outOfTime = System.nanoTime() - deadline > 0)) {
            List<String> d = best.decisions();
            int chunk = Math.max(1, d.size() / n);
            boolean reduced = false;
            for (int start = 0; start < d.size() && runs < maxRuns && !(outOfTime = System.nanoTime() - deadline > 0);
                    start += chunk) {
                List<String> candidate = new ArrayList<>(d.subList(0, start));
                candidate.addAll(d.subList(Math.min(d.size(), start + chunk), d.size()));
                runs++;
                Controller.Outcome o = attempt(trial, new Lenient(candidate), seed);
                if (o != null && o.failure() != null && o.failure().invariant().equals(invariant) && better(o, best)) {
                    best = o;
                    n = Math.max(n - 1, 2);
                    reduced = true;
                    break;
                }
            }
            if (!reduced) {
                if (chunk == 1) {
                    break;
                }
                n = Math.min(n * 2, d.size());
            }
        }
        // the last run leaves its trace for the report: end on the shrunk schedule itself
        Controller.Outcome last = attempt(trial, new Replay(best.decisions()), seed);
        runs++;
        return new Result(last != null && last.failure() != null ? last : best, runs, failing.decisions().size(),
                preemptions(failing.decisions()), outOfTime);
    }

    /** One replay; {@code null} when the kit could not finish it (a candidate the driver cannot settle in). */
    private static Controller.Outcome attempt(Exploration.Trial trial, Scheduler scheduler, long seed) {
        try {
            return trial.run(scheduler, seed);
        } catch (io.github.fabrictck.engine.WindowNotOpened e) {
            return null;
        }
    }

    private static boolean better(Controller.Outcome o, Controller.Outcome best) {
        int a = o.decisions().size();
        int b = best.decisions().size();
        return a < b || a == b && preemptions(o.decisions()) < preemptions(best.decisions());
    }

    /** How often the schedule switches from one thread or action to another. */
    static int preemptions(List<String> decisions) {
        int switches = 0;
        for (int i = 1; i < decisions.size(); i++) {
            if (!decisions.get(i).equals(decisions.get(i - 1))) {
                switches++;
            }
        }
        return switches;
    }

    /** Follows a decision list where it can; else the thread that ran last, else the first option. */
    static final class Lenient implements Scheduler {
        private final List<String> decisions;
        private String last;

        Lenient(List<String> decisions) {
            this.decisions = decisions;
        }

        @Override
        public int choose(List<String> options, int step) {
            int i = step < decisions.size() ? options.indexOf(decisions.get(step)) : -1;
            if (i < 0 && last != null) {
                i = options.indexOf(last);
            }
            if (i < 0) {
                // no environment action before the driver's threads have had their turn
                i = 0;
            }
            last = options.get(i);
            return i;
        }
    }
}
