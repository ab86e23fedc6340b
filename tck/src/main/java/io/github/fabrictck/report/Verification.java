package io.github.fabrictck.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Whether a result certifies its driver: the decision of the {@code verify} goal, kept here so that
 * it is the same wherever a result is judged.
 *
 * <p>A window listed in {@code expectFail} is an expected failure: the kit's known-broken drivers
 * are certified by failing their window, and a vendor can track a known bug without hiding others.
 */
public final class Verification {

    private Verification() {
    }

    /**
     * Every reason {@code r} does not certify its driver, one line each, each line with the command
     * that reproduces it where there is one; empty when it does.
     *
     * <ul>
     *   <li>the result must not contradict itself ({@link #contradictions});</li>
     *   <li>the run must have finished ({@code complete}) and judged at least one window;</li>
     *   <li>a window not in {@code expectFail} must be PASS or NOT_APPLICABLE in every variant;</li>
     *   <li>a window in {@code expectFail} must be FAIL in at least one variant and ERROR in none; a variant in it
     *   ({@code EL-2/waker-held}) must be FAIL;</li>
     *   <li>every id in {@code expectFail} must be in the result.</li>
     * </ul>
     */
    public static List<String> problems(Result r, Set<String> expectFail) {
        List<String> problems = new ArrayList<>();
        Result.Shard shard = r.run() == null ? null : r.run().shard();
        if (shard != null) {
            problems.add(shardAlone(shard));
        }
        contradictions(r).forEach(c -> problems.add("The result contradicts itself: " + c + "."));
        if (!r.complete()) {
            problems.add(r.windows().isEmpty()
                    ? "The run did not finish; no window started (see the log of the fabric-tck:run goal)."
                    : "The run did not finish; the last window started was "
                      + r.windows().get(r.windows().size() - 1).label()
                      + " (the fork timed out, crashed or was exited by the driver, or Maven's process could not write its reports;"
                      + " see the log of the fabric-tck:run goal).");
        } else if (r.windows().isEmpty()) {
            // Fail closed: a run that judged nothing certifies nothing.
            problems.add("The run judged no window at all.");
        }

        Map<String, List<WindowResult>> expected = new LinkedHashMap<>();
        for (WindowResult w : r.windows()) {
            // a window's id expects a FAIL of one of its variants; a variant's id (EL-2/waker-held), of that one
            String named = expectFail.contains(w.label()) ? w.label() : expectFail.contains(w.id()) ? w.id() : null;
            if (named != null) {
                expected.computeIfAbsent(named, id -> new ArrayList<>()).add(w);
            } else if (w.outcome() != Outcome.PASS && w.outcome() != Outcome.NOT_APPLICABLE) {
                problems.add(w.label() + " " + w.outcome() + ": " + firstLine(w.reason())
                             + " — reproduce: " + w.reproduce());
            }
        }

        for (Map.Entry<String, List<WindowResult>> window : expected.entrySet()) {
            List<WindowResult> variants = window.getValue();
            boolean failed = variants.stream().anyMatch(w -> w.outcome() == Outcome.FAIL);
            WindowResult error = variants.stream().filter(w -> w.outcome() == Outcome.ERROR).findFirst().orElse(null);
            if (failed && error == null) {
                continue;
            }
            String outcomes = variants.size() == 1 ? String.valueOf(variants.get(0).outcome())
                    : variants.stream().map(w -> w.label() + " " + w.outcome()).collect(Collectors.joining(", "));
            WindowResult shown = error != null ? error : variants.get(0);
            problems.add(window.getKey() + " was expected to FAIL but was " + outcomes
                         + (error != null ? ": " + firstLine(error.reason()) : "")
                         + " — reproduce: " + shown.reproduce());
        }

        Set<String> absent = new TreeSet<>(expectFail);
        r.windows().forEach(w -> {
            absent.remove(w.id());
            absent.remove(w.label());
        });
        if (shard != null) {
            // another shard may hold it: the merge judges that
            absent.clear();
        }
        for (String id : absent) {
            problems.add(id + " was expected to FAIL but is not in the result; check the id in fabric-tck.expectFail"
                         + (r.complete() ? " (the result has " + ids(r) + ")." : "."));
        }
        return problems;
    }

    /**
     * Every way {@code r} contradicts the rules its verdicts are made by, one sentence each naming the
     * variant; empty for any result the kit wrote. A PASS is made only with evidence that a hold caught the
     * injected event, and breaks no invariant; a FAIL names the invariant it broke; a repeated variant's
     * counts add up to its runs and give its outcome (FAIL over ERROR over PASS over NOT_APPLICABLE). A
     * result edited by hand rarely keeps all of these; one edited with care can (the result is not signed:
     * the site's trust-model page).
     */
    public static List<String> contradictions(Result r) {
        List<String> found = new ArrayList<>();
        for (WindowResult w : r.windows()) {
            Evidence e = w.evidence();
            if (w.outcome() == Outcome.PASS && (e == null || !e.windowOpened())) {
                found.add(w.label() + " is a PASS with no evidence that its window was opened (the kit passes a window "
                        + "only when a hold caught the injected event)");
            }
            if (w.outcome() == Outcome.PASS && !w.violated().isEmpty()) {
                found.add(w.label() + " is a PASS that broke " + String.join(", ", w.violated()));
            }
            if (w.outcome() == Outcome.FAIL && w.violated().isEmpty()) {
                found.add(w.label() + " is a FAIL that names no broken invariant");
            }
            RepeatStats s = w.repeat();
            if (s != null) {
                Outcome folded = s.fail() > 0 ? Outcome.FAIL : s.error() > 0 ? Outcome.ERROR
                        : s.pass() > 0 ? Outcome.PASS : Outcome.NOT_APPLICABLE;
                if (s.pass() + s.fail() + s.error() + s.notApplicable() != s.runs() || s.runs() < 1) {
                    found.add(w.label() + "'s counts (" + s.pass() + " pass, " + s.fail() + " fail, " + s.error()
                            + " error, " + s.notApplicable() + " not applicable) do not add up to its " + s.runs() + " runs");
                } else if (folded != w.outcome()) {
                    found.add(w.label() + " is " + w.outcome() + " but its runs (" + s.pass() + " pass, " + s.fail()
                            + " fail, " + s.error() + " error, " + s.notApplicable() + " not applicable) make it " + folded);
                }
            }
        }
        return found;
    }

    /** The sentence for a shard judged alone: it certifies nothing until merged. */
    public static String shardAlone(Result.Shard shard) {
        return "The result is shard " + shard.label() + " of a sharded run, which alone certifies nothing: merge the "
               + "shards first (fabric-tck:merge with every shard's output directory in fabric-tck.mergeInputs), then "
               + "verify the merged result.";
    }

    /**
     * The line the {@code verify} goal logs when {@link #problems} found none, for example
     * {@code Fabric TCK: sample 1.0 certified: 12 windows passed, 3 not applicable.}, or, when the run
     * is not a certification ({@code standing}),
     * {@code Fabric TCK: sample 1.0 passed 1 of the selected windows — not a certification (the selection leaves out ...).}
     */
    public static String certified(Result r, Set<String> expectFail, Standing standing) {
        Result.Summary s = r.summary();
        String driver = r.driver() == null ? "the driver" : r.driver().name() + " " + r.driver().version();
        Set<String> failedAsExpected = new TreeSet<>();
        r.windows().stream().filter(w -> expectFail.contains(w.id())).forEach(w -> failedAsExpected.add(w.id()));
        StringBuilder line = new StringBuilder("Fabric TCK: ").append(driver);
        if (!failedAsExpected.isEmpty()) {
            line.append(" failed as expected (").append(String.join(", ", failedAsExpected)).append(" FAILED); otherwise");
        }
        if (!standing.certified()) {
            return line.append(' ').append(standing.explained()).append('.').toString();
        }
        line.append(" certified: ");
        line.append(s.pass()).append(s.pass() == 1 ? " window passed" : " windows passed");
        if (s.notApplicable() > 0) {
            line.append(", ").append(s.notApplicable()).append(" not applicable");
        }
        return line.append('.').toString();
    }

    /**
     * Whether a result is a certification, with every reason it is not: the run finished, the driver
     * declares at least one family, every window (and variant) of every declared family of
     * {@code catalog} was selected and judged, every verdict is PASS or NOT_APPLICABLE with a reason,
     * and every setting in effect certifies ({@link Settings#weakenings}). A run can pass its windows
     * and still not be a certification (a developer's {@code -Dfabric-tck.windows=CQ-1}): it is then
     * "passed N of the selected windows — not a certification".
     *
     * @param catalog the catalog's windows by id ({@link WindowInfo#family()} names the family); an
     *                empty one certifies nothing
     */
    public static Standing standing(Result r, Map<String, WindowInfo> catalog) {
        List<String> reasons = new ArrayList<>();
        Result.Run run = r.run();
        Result.Shard shard = run == null ? null : run.shard();
        if (shard != null) {
            reasons.add(shardReason(shard));
        }
        if (!r.complete()) {
            reasons.add("the run did not finish");
        }
        if (run == null) {
            reasons.add("the result does not say which families the driver declares or which windows ran");
        } else if (run.families().isEmpty()) {
            reasons.add("the driver declares no family");
        }
        if (catalog.isEmpty()) {
            reasons.add("the catalog is not known");
        }
        if (run != null) {
            for (String family : run.families()) {
                List<String> left = catalog.values().stream().filter(w -> family.equals(w.family()))
                        .map(WindowInfo::id).filter(id -> !run.selected().contains(id)).toList();
                if (!left.isEmpty()) {
                    reasons.add("the selection leaves out " + String.join(", ", left) + " of the declared family "
                                + family + (run.excluded().isEmpty() ? "" : " (excluded: "
                                + String.join(", ", run.excluded()) + ")"));
                }
            }
            Set<String> judged = new TreeSet<>();
            r.windows().forEach(w -> judged.add(w.label()));
            List<String> unjudged = new ArrayList<>();
            for (String id : run.selected()) {
                WindowInfo info = catalog.get(id);
                if (info == null || !run.families().contains(info.family())) {
                    continue;
                }
                List<String> labels = info.variants().isEmpty() ? List.of(id)
                        : info.variants().stream().map(v -> id + "/" + v.substring(0, v.indexOf(':') < 0 ? v.length()
                        : v.indexOf(':'))).toList();
                labels.stream().filter(l -> !judged.contains(l)).forEach(unjudged::add);
            }
            if (!unjudged.isEmpty() && r.complete() && shard == null) {
                reasons.add("no verdict for " + String.join(", ", unjudged));
            }
            reasons.addAll(Settings.weakenings(Settings.effective(run.settings())));
            // a family the run's header says the driver declares, but which its windows found not implemented: the
            // driver answered families() one way for the record and another for the windows
            List<String> denied = new ArrayList<>();
            Set<String> deniedFamilies = new java.util.LinkedHashSet<>();
            for (WindowResult w : r.windows()) {
                if (w.outcome() == Outcome.NOT_APPLICABLE && run.families().contains(w.family()) && w.reason() != null
                        && w.reason().contains("does not implement the " + w.family() + " family")) {
                    denied.add(w.label());
                    deniedFamilies.add(w.family());
                }
            }
            if (!denied.isEmpty()) {
                reasons.add("the driver declares the " + String.join(", ", deniedFamilies) + " family but its windows "
                        + "found it not implemented (" + String.join(", ", denied) + "): Driver.families() answered differently");
            }
        }
        List<String> neither = new ArrayList<>();
        for (WindowResult w : r.windows()) {
            if (w.outcome() != Outcome.PASS && w.outcome() != Outcome.NOT_APPLICABLE) {
                neither.add(w.label() + " " + w.outcome());
            } else if (w.outcome() == Outcome.NOT_APPLICABLE && (w.reason() == null || w.reason().isBlank())) {
                neither.add(w.label() + " NOT_APPLICABLE without a reason");
            }
        }
        if (!neither.isEmpty()) {
            reasons.add("not every verdict is PASS or NOT_APPLICABLE with a reason (" + String.join(", ", neither) + ")");
        }
        Result.Summary s = r.summary();
        return new Standing(reasons.isEmpty(), s.pass(), s.notApplicable(), reasons,
                shard == null ? null : shard.label());
    }

    /** The reason a shard is not a certification: {@code shard 2/4: merge the shards}. */
    public static String shardReason(Result.Shard shard) {
        return "shard " + shard.label() + ": merge the shards";
    }

    /**
     * Whether a result is a certification ({@link #standing}).
     *
     * @param certified     whether it is
     * @param passed        how many window variants passed
     * @param notApplicable how many were not applicable
     * @param reasons       why it is not, in words that follow "not a certification: "; empty when it is
     * @param shard         {@code i/n} when the result is one shard of a sharded run, else {@code null}
     */
    public record Standing(boolean certified, int passed, int notApplicable, List<String> reasons, String shard) {

        public Standing {
            reasons = List.copyOf(reasons);
        }

        /** The standing of a whole run. */
        public Standing(boolean certified, int passed, int notApplicable, List<String> reasons) {
            this(certified, passed, notApplicable, reasons, null);
        }

        /**
         * {@code certified}, {@code passed N of the selected windows — not a certification}, or for a
         * shard {@code shard i/n: merge the shards}.
         */
        public String phrase() {
            return certified ? "certified" : shard != null ? "shard " + shard + ": merge the shards"
                    : "passed " + passed + " of the selected windows — not a certification";
        }

        /** {@link #phrase()} with the reasons: what the console and the certificate say. */
        public String explained() {
            List<String> more = shard == null ? reasons
                    : reasons.stream().filter(x -> !x.equals("shard " + shard + ": merge the shards")).toList();
            return certified || more.isEmpty() ? phrase() : phrase() + " (" + String.join("; ", more) + ")";
        }
    }

    private static String ids(Result r) {
        return r.windows().stream().map(WindowResult::id).distinct().collect(Collectors.joining(", "));
    }

    private static String firstLine(String reason) {
        if (reason == null || reason.isBlank()) {
            return "(no reason given)";
        }
        return reason.strip().lines().findFirst().orElse("").strip();
    }
}
