package io.github.fabrictck.launcher;

import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The split of a run into shards ({@code -Dfabric-tck.shard=i/n}), so that n machines (the jobs of
 * a CI matrix) each run one part and {@code fabric-tck:merge} joins them.
 *
 * <p>A run is a list of units: every selected window variant in catalog order, and for each variant
 * its repetitions 1 to {@code fabric-tck.repeat} ({@code CQ-1/a} run 1, {@code CQ-1/a} run 2, ...,
 * then {@code CQ-1/b} run 1, ...). Unit k (from 0) belongs to shard {@code k mod n + 1}: round-robin,
 * so that the repetitions of one variant and the variants of one family spread over every shard
 * instead of one shard taking a whole (slow) family. The parts are disjoint and together cover the
 * run; their sizes differ by one unit at most. A seed of an exploration is another unit of its
 * variant, numbered like a repetition, so the same split shares seeds out.
 */
public final class Sharding {

    private static final Pattern PART = Pattern.compile("\\s*(\\d{1,6})\\s*/\\s*(\\d{1,6})\\s*");

    private Sharding() {
    }

    /** Which part to run: the {@code index}-th (from 1) of {@code count}. */
    public record Part(int index, int count) {

        /** {@code 2/4}. */
        @Override
        public String toString() {
            return index + "/" + count;
        }

        /** Whether unit {@code k} (from 0, in {@link #units} order) is in this part. */
        public boolean owns(int k) {
            return k % count == index - 1;
        }
    }

    /** One run of one variant: {@code CQ-1/a}, repetition 2. */
    public record Unit(String window, int repetition) {
    }

    /**
     * The part {@code text} names ({@code i/n}, 1 ≤ i ≤ n), or {@code null} when it is blank (no sharding).
     *
     * @throws ConfigurationError one sentence naming the property, the value and what it must be
     */
    public static Part parse(String text) throws ConfigurationError {
        String problem = problem(text);
        if (problem != null) {
            throw new ConfigurationError(problem);
        }
        if (text == null || text.isBlank()) {
            return null;
        }
        Matcher m = PART.matcher(text);
        m.matches();
        return new Part(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /** {@code null} when {@code text} is blank or a valid {@code i/n}, else the one sentence that says why not. */
    public static String problem(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        Matcher m = PART.matcher(text);
        if (!m.matches()) {
            return "fabric-tck.shard=" + text + " is not a shard: give i/n, the i-th of n parts, for example 2/4.";
        }
        int i = Integer.parseInt(m.group(1));
        int n = Integer.parseInt(m.group(2));
        if (n < 1 || i < 1 || i > n) {
            return "fabric-tck.shard=" + text + " is outside its range: i/n needs 1 ≤ i ≤ n (for example 1/4 to 4/4).";
        }
        return null;
    }

    /** Every unit of a run, in split order: each variant in the order given, its repetitions 1 to {@code repeat}. */
    public static List<Unit> units(List<String> variants, int repeat) {
        List<Unit> units = new ArrayList<>();
        for (String v : variants) {
            for (int r = 1; r <= Math.max(1, repeat); r++) {
                units.add(new Unit(v, r));
            }
        }
        return units;
    }

    /** The units of {@code part}, in split order; every unit when {@code part} is {@code null}. */
    public static List<Unit> assigned(Part part, List<String> variants, int repeat) {
        List<Unit> all = units(variants, repeat);
        if (part == null) {
            return all;
        }
        List<Unit> mine = new ArrayList<>();
        for (int k = 0; k < all.size(); k++) {
            if (part.owns(k)) {
                mine.add(all.get(k));
            }
        }
        return mine;
    }

    /** The variants of {@code units} that run in round {@code repetition}, in the order of {@code variants}. */
    static List<String> round(java.util.Set<Unit> units, List<String> variants, int repetition) {
        return variants.stream().filter(v -> units.contains(new Unit(v, repetition))).toList();
    }

    /** A shard's facts before any run: every assigned unit without an outcome. */
    public static Result.Shard plan(Part part, List<String> variants, int repeat) {
        List<Result.ShardRun> runs = new ArrayList<>();
        for (Unit u : inRunOrder(assigned(part, variants, repeat))) {
            runs.add(new Result.ShardRun(u.window(), u.repetition(), null, 0));
        }
        return new Result.Shard(part.index(), part.count(), variants, runs);
    }

    /** The units as the launcher runs them: round by round (repetition 1 of every variant first). */
    static List<Unit> inRunOrder(List<Unit> units) {
        List<Unit> ordered = new ArrayList<>(units);
        ordered.sort(java.util.Comparator.comparingInt(Unit::repetition));
        return ordered;
    }

    /**
     * {@code run} with each planned run of its shard given the outcome and duration of the verdict
     * received for it: the n-th verdict of a variant is its n-th planned repetition. A run without a
     * shard is returned as it is.
     *
     * @param verdicts every verdict received, by variant label, in the order received
     */
    public static Result.Run withOutcomes(Result.Run run, Map<String, List<WindowResult>> verdicts) {
        if (run == null || run.shard() == null) {
            return run;
        }
        Map<String, Integer> taken = new java.util.HashMap<>();
        List<Result.ShardRun> runs = new ArrayList<>();
        for (Result.ShardRun planned : run.shard().runs()) {
            List<WindowResult> received = verdicts.getOrDefault(planned.window(), List.of());
            int n = taken.merge(planned.window(), 1, Integer::sum) - 1;
            WindowResult w = n < received.size() ? received.get(n) : null;
            runs.add(w == null ? planned
                    : new Result.ShardRun(planned.window(), planned.repetition(), w.outcome(), w.durationMillis()));
        }
        Result.Shard s = run.shard();
        return new Result.Run(run.families(), run.selected(), run.excluded(), run.settings(),
                new Result.Shard(s.index(), s.count(), s.variants(), runs));
    }
}
