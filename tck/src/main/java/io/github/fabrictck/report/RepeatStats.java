package io.github.fabrictck.report;

/**
 * How a window variant fared when it was run several times ({@code fabric-tck.repeat}): the
 * flakiness report. {@code null} in a result when the window ran once.
 *
 * @param runs                how many times it ran
 * @param pass                how many runs passed
 * @param fail                how many failed
 * @param error               how many were errors
 * @param notApplicable       how many were not applicable
 * @param timeToDetectMillis  the distribution of the failing runs' durations, or {@code null} when none failed
 * @param firstError          the reason of the first run that was an ERROR when the verdict is FAIL (whose reason is
 *                            the first FAIL's), so that what went wrong in the other runs is not lost; else {@code null}
 */
public record RepeatStats(int runs, int pass, int fail, int error, int notApplicable, Distribution timeToDetectMillis,
                          String firstError) {

    /** The counts and time to detect of runs none of which was an ERROR beside a FAIL. */
    public RepeatStats(int runs, int pass, int fail, int error, int notApplicable, Distribution timeToDetectMillis) {
        this(runs, pass, fail, error, notApplicable, timeToDetectMillis, null);
    }

    /**
     * Whether the outcome changed between runs: flaky. A variant NOT_APPLICABLE (or PASS, or FAIL) in
     * every run is not flaky, whatever the outcome.
     */
    public boolean flaky() {
        int outcomes = (pass > 0 ? 1 : 0) + (fail > 0 ? 1 : 0) + (error > 0 ? 1 : 0) + (notApplicable > 0 ? 1 : 0);
        return outcomes > 1;
    }

    /**
     * Whether the runs of window {@code windowId} in a run with these {@code fabric-tck.*} settings each explored their
     * own block of seeds (the k-th from seed + (k − 1) × schedules): an exploration window ({@link
     * WindowResult#explores}) that does not replay one schedule file. Then an outcome that changes between runs is
     * where the failing schedules lie among the blocks, not flakiness.
     */
    public static boolean seedBlocks(String windowId, java.util.Map<String, String> settings) {
        return WindowResult.explores(windowId)
               && (settings == null || settings.getOrDefault("fabric-tck.replay", "").isBlank());
    }

    /** How many runs had {@code outcome}. */
    public int count(Outcome outcome) {
        return switch (outcome) {
            case PASS -> pass;
            case FAIL -> fail;
            case ERROR -> error;
            case NOT_APPLICABLE -> notApplicable;
        };
    }

    /**
     * What the verdict table adds after the variant's {@code outcome} when it changed between runs: {@code (flaky)},
     * or, when each run explored its own block of seeds, {@code (1 of 10 seed blocks)}; else nothing.
     */
    public String note(Outcome outcome, boolean seedBlocks) {
        if (!flaky()) {
            return "";
        }
        return seedBlocks ? " (" + count(outcome) + " of " + runs + " seed blocks)" : " (flaky)";
    }

    /**
     * A distribution of milliseconds.
     *
     * @param min    the least
     * @param median the median
     * @param p95    the 95th percentile (nearest rank)
     * @param max    the most
     */
    public record Distribution(long min, long median, long p95, long max) {
    }
}
