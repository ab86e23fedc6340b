package io.github.fabrictck.launcher;

import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import io.github.fabrictck.report.Outcome;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
        if (n < 2) {
            // one part of one is the whole run under a shard's name: merging it would add nothing but the look of a merge
            return "fabric-tck.shard=" + text + " splits the run into one part: a sharded run needs n ≥ 2 (for example "
                    + "1/2); run without fabric-tck.shard for the whole run.";
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
    static List<String> round(Set<Unit> units, List<String> variants, int repetition) {
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
        ordered.sort(Comparator.comparingInt(Unit::repetition));
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

    /** A shard's result and the file it was read from, which every refusal names. */
    public record Named(String file, Result result) {

        Result.Shard shard() {
            return result.run().shard();
        }
    }

    /**
     * Why a shard's result is not a complete shard that agrees with itself, or {@code null}: the run
     * finished, every planned run has a verdict, and each variant's verdict and run count are those
     * of its runs.
     */
    public static String incompleteness(Result r) {
        Result.Shard part = r.run() == null ? null : r.run().shard();
        if (part == null) {
            return "it is no shard";
        }
        if (!r.complete()) {
            return "its run did not finish";
        }
        Map<String, List<Result.ShardRun>> byWindow = new LinkedHashMap<>();
        for (Result.ShardRun run : part.runs()) {
            if (run.outcome() == null) {
                return run.window() + " run " + run.repetition() + " has no verdict";
            }
            byWindow.computeIfAbsent(run.window(), k -> new ArrayList<>()).add(run);
        }
        Map<String, WindowResult> windows = new HashMap<>();
        r.windows().forEach(w -> windows.put(w.label(), w));
        for (Map.Entry<String, List<Result.ShardRun>> e : byWindow.entrySet()) {
            WindowResult w = windows.remove(e.getKey());
            List<Outcome> outcomes = e.getValue().stream().map(Result.ShardRun::outcome).toList();
            if (w == null) {
                return e.getKey() + " has no verdict";
            }
            int runs = w.repeat() == null ? 1 : w.repeat().runs();
            if (runs != outcomes.size() || w.outcome() != Repetition.outcome(outcomes)) {
                return "its verdict of " + e.getKey() + " (" + w.outcome() + " over " + runs + " runs) does not "
                        + "agree with its runs (" + outcomes + ")";
            }
        }
        if (!windows.isEmpty()) {
            return "it has verdicts for " + String.join(", ", windows.keySet()) + ", which are not its part";
        }
        return null;
    }

    /**
     * Checks that {@code shards} (of one split of one run, {@code repeat} runs per variant) are its
     * parts, each once: no index twice, no run in two shards, each shard holding exactly what the
     * split gives it, and none missing.
     *
     * @throws IllegalArgumentException one sentence naming the file
     */
    public static void cover(List<Named> shards, int repeat) {
        List<Named> ordered = new ArrayList<>(shards);
        ordered.sort(Comparator.comparingInt(s -> s.shard().index()));
        int n = ordered.get(0).shard().count();
        Map<Integer, Named> byIndex = new LinkedHashMap<>();
        for (Named s : ordered) {
            Named twin = byIndex.putIfAbsent(s.shard().index(), s);
            if (twin != null) {
                throw new IllegalArgumentException(s.file() + " and " + twin.file() + " are both shard "
                        + s.shard().label() + ": give each shard once.");
            }
        }
        Map<Unit, Named> owner = new HashMap<>();
        for (Named s : ordered) {
            for (Result.ShardRun run : s.shard().runs()) {
                Named other = owner.putIfAbsent(new Unit(run.window(), run.repetition()), s);
                if (other != null) {
                    throw new IllegalArgumentException(s.file() + " and " + other.file() + " both ran " + run.window()
                            + " run " + run.repetition() + ": their parts overlap.");
                }
            }
        }
        for (Named s : ordered) {
            Set<Unit> assigned = new LinkedHashSet<>(assigned(new Part(s.shard().index(), n), s.shard().variants(),
                    repeat));
            Set<Unit> ran = new LinkedHashSet<>();
            s.shard().runs().forEach(run -> ran.add(new Unit(run.window(), run.repetition())));
            if (!assigned.equals(ran)) {
                Set<Unit> missing = new LinkedHashSet<>(assigned);
                missing.removeAll(ran);
                Set<Unit> extra = new LinkedHashSet<>(ran);
                extra.removeAll(assigned);
                Unit u = missing.isEmpty() ? extra.iterator().next() : missing.iterator().next();
                throw new IllegalArgumentException(s.file() + " does not hold the part the split gives shard "
                        + s.shard().label() + ": " + u.window() + " run " + u.repetition()
                        + (missing.isEmpty() ? " is not its own" : " is missing") + ".");
            }
        }
        List<String> absent = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            if (!byIndex.containsKey(i)) {
                absent.add(i + "/" + n);
            }
        }
        if (!absent.isEmpty()) {
            throw new IllegalArgumentException("Shard" + (absent.size() == 1 ? " " : "s ") + String.join(", ", absent)
                    + (absent.size() == 1 ? " is" : " are") + " missing: the inputs hold " + String.join(", ",
                    ordered.stream().map(s -> s.shard().label() + " (" + s.file() + ")").toList()) + ".");
        }
    }

    /**
     * The one result the shards of a run make ({@link #cover} checked them): each variant's runs of
     * every shard folded by repetition ({@link Repetition#fold}), exactly as one fork folds them, in
     * the run's variant order; the run's facts without a shard; the library call sites the agent
     * rewrote, which every shard lists the same (its fork scanned the same library).
     */
    public static Result combine(List<Named> shards) {
        Named first = shards.get(0);
        List<WindowResult> windows = new ArrayList<>();
        for (String label : first.shard().variants()) {
            List<Result.ShardRun> runs = new ArrayList<>();
            Map<Result.ShardRun, Named> from = new HashMap<>();
            for (Named s : shards) {
                s.shard().runs().stream().filter(x -> x.window().equals(label)).forEach(x -> {
                    runs.add(x);
                    from.put(x, s);
                });
            }
            if (runs.isEmpty()) {
                continue;
            }
            runs.sort(Comparator.comparingInt(Result.ShardRun::repetition));
            List<Outcome> outcomes = runs.stream().map(Result.ShardRun::outcome).toList();
            Outcome outcome = Repetition.outcome(outcomes);
            // the first run with the verdict's outcome is the first of its shard with it: that shard kept its details
            Named holder = from.get(runs.stream().filter(x -> x.outcome() == outcome).findFirst().orElseThrow());
            WindowResult details = holder.result().windows().stream().filter(w -> w.label().equals(label))
                    .findFirst().orElseThrow();
            // the first ERROR run is the first of its shard that was one: that shard's fold kept its reason
            String firstError = runs.stream().filter(x -> x.outcome() == Outcome.ERROR).findFirst()
                    .map(x -> from.get(x).result().windows().stream().filter(w -> w.label().equals(label)).findFirst()
                            .map(Repetition::errorReason).orElse(null)).orElse(null);
            // the first NOT_APPLICABLE run's reason: its shard's verdict (NOT_APPLICABLE, or a PASS fold that kept it)
            String firstNotApplicable = runs.stream().filter(x -> x.outcome() == Outcome.NOT_APPLICABLE).findFirst()
                    .map(x -> from.get(x).result().windows().stream().filter(w -> w.label().equals(label)).findFirst()
                            .map(Repetition::notApplicableReason).orElse(null)).orElse(null);
            windows.add(Repetition.fold(details, outcomes, runs.stream().map(Result.ShardRun::durationMillis).toList(),
                    first.result().run() == null ? Map.of() : first.result().run().settings(), firstError,
                    firstNotApplicable));
        }
        Result.Run run = first.result().run();
        return new Result(Result.SCHEMA, first.result().tckVersion(), first.result().driver(), first.result().jvm(),
                true, null, windows, new Result.Run(run.families(), run.selected(), run.excluded(), run.settings()),
                first.result().rewrittenCallSites(), first.result().adapters());
    }
}
