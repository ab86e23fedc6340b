package io.github.fabrictck.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The few statistics the benchmark reports, with the kit's own conventions: percentiles by nearest
 * rank (as {@code RepeatStats} computes them), so that figures of the bench and of the kit agree.
 */
public final class Stats {

    private Stats() {
    }

    /**
     * The nearest-rank percentile: the smallest value such that at least {@code p} percent of the
     * values are less than or equal to it.
     *
     * @param values any order; not changed
     * @param p      0 to 100
     * @throws IllegalArgumentException when there is no value
     */
    public static long percentile(long[] values, double p) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        if (p < 0 || p > 100) {
            throw new IllegalArgumentException("percentile " + p + " is not between 0 and 100");
        }
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /** The nearest-rank median (the lower of the two middle values for an even count). */
    public static long median(long[] values) {
        return percentile(values, 50);
    }

    /** The median of doubles, the mean of the two middle values for an even count. */
    public static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /** {@code min}, {@code median}, {@code p95}, {@code max} of the values, or {@code null} when there is none. */
    public static Map<String, Object> distribution(long[] values) {
        if (values.length == 0) {
            return null;
        }
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("min", percentile(values, 0));
        d.put("median", median(values));
        d.put("p95", percentile(values, 95));
        d.put("max", percentile(values, 100));
        return d;
    }

    /** {@code part / whole}, or 0 when {@code whole} is 0. */
    public static double rate(long part, long whole) {
        return whole == 0 ? 0 : (double) part / whole;
    }

    /** A rate as a percentage with at most one decimal: {@code 100 %}, {@code 99.5 %}, {@code 0 %}. */
    public static String percent(double rate) {
        double pct = rate * 100;
        return (pct == Math.rint(pct) ? String.valueOf((long) pct) : String.format(Locale.ROOT, "%.1f", pct)) + " %";
    }

    /**
     * How many times faster directed detection is than plain stress: {@code stressMillis / directedMillis},
     * with the directed time at least 1 ms (a median of 0 ms is reported as 1 ms).
     */
    public static double speedup(double stressMillis, double directedMillis) {
        return stressMillis / Math.max(1, directedMillis);
    }

    /** A factor for a table: {@code 1.0×}, {@code 37×}, {@code 12,400×}. */
    public static String factor(double f) {
        if (f < 10) {
            return String.format(Locale.ROOT, "%.1f×", f);
        }
        return grouped(Math.round(f)) + "×";
    }

    /** A whole number with a comma every three digits: {@code 12,400}. */
    public static String grouped(long n) {
        String digits = Long.toString(Math.abs(n));
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < digits.length(); i++) {
            if (i > 0 && (digits.length() - i) % 3 == 0) {
                out.append(',');
            }
            out.append(digits.charAt(i));
        }
        return (n < 0 ? "-" : "") + out;
    }

    /** Milliseconds for a table: {@code 2.5 ms}, {@code 322 ms}, {@code 1,056 ms}, {@code 12.3 s}, {@code 2.5 min}. */
    public static String millis(double ms) {
        if (ms < 10_000) {
            return (ms == Math.rint(ms) || ms >= 100 ? grouped(Math.round(ms))
                    : String.format(Locale.ROOT, "%.1f", ms)) + " ms";
        }
        if (ms < 120_000) {
            return String.format(Locale.ROOT, "%.1f s", ms / 1000);
        }
        return String.format(Locale.ROOT, "%.1f min", ms / 60_000);
    }
}
