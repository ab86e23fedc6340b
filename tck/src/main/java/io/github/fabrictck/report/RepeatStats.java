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
 */
public record RepeatStats(int runs, int pass, int fail, int error, int notApplicable, Distribution timeToDetectMillis) {

    /**
     * Whether the outcome changed between runs: flaky. A variant NOT_APPLICABLE (or PASS, or FAIL) in
     * every run is not flaky, whatever the outcome.
     */
    public boolean flaky() {
        int outcomes = (pass > 0 ? 1 : 0) + (fail > 0 ? 1 : 0) + (error > 0 ? 1 : 0) + (notApplicable > 0 ? 1 : 0);
        return outcomes > 1;
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
