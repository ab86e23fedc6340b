package io.github.fabrictck.launcher;

import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.RepeatStats;
import io.github.fabrictck.report.WindowResult;
import java.util.List;

/**
 * Folds the runs of one window variant into one verdict with its flakiness report. A single FAIL
 * among the runs makes the variant FAIL (the driver is broken, even if rarely); otherwise a single
 * ERROR makes it ERROR; the details (reason, evidence, trace) are those of the first run with that
 * outcome.
 */
public final class Repetition {

    private Repetition() {
    }

    /** The verdict of several runs of one window variant; a single run is returned as it is. */
    public static WindowResult aggregate(List<WindowResult> runs) {
        if (runs.size() == 1) {
            return runs.get(0);
        }
        int pass = count(runs, Outcome.PASS);
        int fail = count(runs, Outcome.FAIL);
        int error = count(runs, Outcome.ERROR);
        int notApplicable = count(runs, Outcome.NOT_APPLICABLE);
        Outcome outcome = fail > 0 ? Outcome.FAIL : error > 0 ? Outcome.ERROR : pass > 0 ? Outcome.PASS : Outcome.NOT_APPLICABLE;
        WindowResult first = runs.stream().filter(w -> w.outcome() == outcome).findFirst().orElseThrow();
        long[] detect = runs.stream().filter(w -> w.outcome() == Outcome.FAIL).mapToLong(WindowResult::durationMillis)
                .sorted().toArray();
        RepeatStats.Distribution ttd = detect.length == 0 ? null : new RepeatStats.Distribution(detect[0],
                percentile(detect, 50), percentile(detect, 95), detect[detect.length - 1]);
        RepeatStats stats = new RepeatStats(runs.size(), pass, fail, error, notApplicable, ttd);
        String counts = runs.size() + " runs: " + pass + " pass, " + fail + " fail, " + error + " error"
                + (notApplicable > 0 ? ", " + notApplicable + " not applicable" : "");
        String reason = first.reason() == null ? null
                : (stats.flaky() ? "flaky over " : "") + counts + "; first "
                + outcome + ": " + first.reason();
        return new WindowResult(first.id(), first.variant(), first.title(), first.family(), outcome,
                first.durationMillis(), reason, first.violated(), first.evidence(), first.reproduce(),
                first.threadDump(), stats, first.trace());
    }

    private static int count(List<WindowResult> runs, Outcome o) {
        return (int) runs.stream().filter(w -> w.outcome() == o).count();
    }

    /** The nearest-rank percentile of sorted values. */
    static long percentile(long[] sorted, int p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
