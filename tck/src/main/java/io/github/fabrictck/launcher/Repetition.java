package io.github.fabrictck.launcher;

import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.RepeatStats;
import io.github.fabrictck.report.WindowResult;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Folds the runs of one window variant into one verdict with its flakiness report. A single FAIL
 * among the runs makes the variant FAIL (the driver is broken, even if rarely); otherwise a single
 * ERROR makes it ERROR; the details (reason, evidence, trace) are those of the first run with that
 * outcome. An outcome that changed between runs is "flaky", except for an exploration window whose
 * runs each explored their own block of seeds ({@link RepeatStats#seedBlocks}): there it is where the
 * failing schedules lie, "FAIL in 1 of 10 seed blocks".
 */
public final class Repetition {

    private Repetition() {
    }

    /** The verdict of several runs of one window variant in a run without settings; a single run is returned as it is. */
    public static WindowResult aggregate(List<WindowResult> runs) {
        return aggregate(runs, Map.of());
    }

    /**
     * The verdict of several runs of one window variant in a run with these {@code fabric-tck.*} settings (which say
     * whether an exploration's runs explored seed blocks or replayed one file); a single run is returned as it is.
     */
    public static WindowResult aggregate(List<WindowResult> runs, Map<String, String> settings) {
        if (runs.size() == 1) {
            return runs.get(0);
        }
        List<Outcome> outcomes = runs.stream().map(WindowResult::outcome).toList();
        Outcome outcome = outcome(outcomes);
        WindowResult first = runs.stream().filter(w -> w.outcome() == outcome).findFirst().orElseThrow();
        return fold(first, outcomes, runs.stream().map(WindowResult::durationMillis).toList(), settings,
                runs.stream().filter(w -> w.outcome() == Outcome.ERROR).findFirst().map(Repetition::errorReason).orElse(null),
                runs.stream().filter(w -> w.outcome() == Outcome.NOT_APPLICABLE).findFirst()
                        .map(Repetition::notApplicableReason).orElse(null));
    }

    /**
     * Why the first run that was NOT_APPLICABLE among the runs {@code w} stands for was: its own reason when it is
     * NOT_APPLICABLE, the one a PASS fold of its runs kept (its reason, "first NOT_APPLICABLE: ..."), else {@code null}.
     */
    public static String notApplicableReason(WindowResult w) {
        return w.outcome() == Outcome.NOT_APPLICABLE || w.outcome() == Outcome.PASS ? ownReason(w) : null;
    }

    /**
     * The reason of the first ERROR among the runs {@code w} stands for: its own reason when it is an ERROR (without
     * the counts a fold put before it), else the first ERROR a fold of its runs kept ({@link RepeatStats#firstError}).
     */
    public static String errorReason(WindowResult w) {
        return w.outcome() == Outcome.ERROR ? ownReason(w) : w.repeat() == null ? null : w.repeat().firstError();
    }

    /** The verdict of runs with these outcomes: FAIL over ERROR over PASS over NOT_APPLICABLE. */
    public static Outcome outcome(List<Outcome> outcomes) {
        return outcomes.contains(Outcome.FAIL) ? Outcome.FAIL : outcomes.contains(Outcome.ERROR) ? Outcome.ERROR
                : outcomes.contains(Outcome.PASS) ? Outcome.PASS : Outcome.NOT_APPLICABLE;
    }

    /**
     * The verdict of the runs of one variant with {@code outcomes} and durations {@code millis} (the
     * same order), with the details of {@code first}, the first run with the verdict's outcome. When
     * {@code first} is itself a fold (the part of a sharded run), its counts in the reason are
     * replaced by these: the merge of shards folds exactly as one run would have.
     */
    public static WindowResult fold(WindowResult first, List<Outcome> outcomes, List<Long> millis) {
        return fold(first, outcomes, millis, Map.of());
    }

    /**
     * {@link #fold(WindowResult, List, List)} in a run with these {@code fabric-tck.*} settings, with the first ERROR
     * {@code first} knows of ({@link #errorReason}).
     */
    public static WindowResult fold(WindowResult first, List<Outcome> outcomes, List<Long> millis,
                                    Map<String, String> settings) {
        return fold(first, outcomes, millis, settings, errorReason(first));
    }

    /** {@link #fold(WindowResult, List, List, Map, String, String)} with the first NOT_APPLICABLE {@code first} knows of. */
    public static WindowResult fold(WindowResult first, List<Outcome> outcomes, List<Long> millis,
                                    Map<String, String> settings, String firstError) {
        return fold(first, outcomes, millis, settings, firstError, notApplicableReason(first));
    }

    /**
     * {@link #fold(WindowResult, List, List)} in a run with these {@code fabric-tck.*} settings; {@code firstError}
     * is the reason of the first run that was an ERROR ({@link #errorReason}), kept when the verdict is FAIL;
     * {@code firstNotApplicable} the reason of the first run that was NOT_APPLICABLE ({@link #notApplicableReason}),
     * which becomes a PASS's reason when some runs were NOT_APPLICABLE: a CI reader sees why, not only the log.
     */
    public static WindowResult fold(WindowResult first, List<Outcome> outcomes, List<Long> millis,
                                    Map<String, String> settings, String firstError, String firstNotApplicable) {
        if (outcomes.size() == 1) {
            return first;
        }
        Outcome outcome = outcome(outcomes);
        int pass = Collections.frequency(outcomes, Outcome.PASS);
        int fail = Collections.frequency(outcomes, Outcome.FAIL);
        int error = Collections.frequency(outcomes, Outcome.ERROR);
        int notApplicable = Collections.frequency(outcomes, Outcome.NOT_APPLICABLE);
        long[] detect = new long[fail];
        for (int i = 0, n = 0; i < outcomes.size(); i++) {
            if (outcomes.get(i) == Outcome.FAIL) {
                detect[n++] = millis.get(i);
            }
        }
        java.util.Arrays.sort(detect);
        RepeatStats.Distribution ttd = detect.length == 0 ? null : new RepeatStats.Distribution(detect[0],
                percentile(detect, 50), percentile(detect, 95), detect[detect.length - 1]);
        RepeatStats stats = new RepeatStats(outcomes.size(), pass, fail, error, notApplicable, ttd,
                outcome == Outcome.FAIL && error > 0 ? firstError : null);
        String counts = outcomes.size() + " runs: " + pass + " pass, " + fail + " fail, " + error + " error"
                + (notApplicable > 0 ? ", " + notApplicable + " not applicable" : "");
        // a PASS has no reason of its own: one a PASS fold carries is the first NOT_APPLICABLE run's (below)
        String own = outcome == Outcome.PASS ? null : ownReason(first);
        String changed = !stats.flaky() ? "" : RepeatStats.seedBlocks(first.id(), settings)
                ? outcome + " in " + stats.count(outcome) + " of " + stats.runs() + " seed blocks over " : "flaky over ";
        String reason = own != null ? changed + counts + "; first " + outcome + ": " + own
                : outcome == Outcome.PASS && notApplicable > 0 && firstNotApplicable != null
                ? changed + counts + "; first " + Outcome.NOT_APPLICABLE + ": " + firstNotApplicable : null;
        return new WindowResult(first.id(), first.variant(), first.title(), first.family(), outcome,
                first.durationMillis(), reason, first.violated(), first.evidence(), first.reproduce(),
                first.threadDump(), stats, first.trace());
    }

    /** The reason of the run a fold took its details from: without the counts {@link #fold} put before it. */
    static String ownReason(WindowResult w) {
        if (w.reason() == null || w.repeat() == null) {
            return w.reason();
        }
        java.util.regex.Matcher m = FOLDED.matcher(w.reason());
        return m.lookingAt() ? w.reason().substring(m.end()) : w.reason();
    }

    private static final java.util.regex.Pattern FOLDED = java.util.regex.Pattern.compile(
            "((flaky|[A-Z_]+ in \\d+ of \\d+ seed blocks) over )?\\d+ runs: [^;]*; first [A-Z_]+: ");

    /** The nearest-rank percentile of sorted values. */
    static long percentile(long[] sorted, int p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
