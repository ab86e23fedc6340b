package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hit;
import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.StuckDetector;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;

/**
 * How a CQ window reaches its situation on the driver as it is, whatever its shape. The window
 * states a scenario (what the application and the device do) and the moment that must be forced
 * (the last completion lands); the search finds where to stop the driver's threads:
 * <ol>
 *   <li>a first run with no hold records every point each driver thread passes after the
 *       scenario's mark (re-arms, polls, waits, locks, on the interrupt thread, the driver's own
 *       threads and the application thread alike);</li>
 *   <li>then, for each of those points, a fresh endpoint runs the same scenario with one thread held
 *       at that point, waits until every other thread has settled, lands the completion, releases
 *       the thread and judges.</li>
 * </ol>
 * A placement <em>opens</em> the window when the completion lands while the driver cannot announce
 * it to itself by an event and every thread not held has settled. Any placement that breaks an
 * invariant is the window's FAIL. A thread waiting for a lock the held thread owns has settled too
 * (completions ignore driver locks): the completion lands and is judged there as well, but such a
 * placement is not counted as having opened the window cleanly. When a scenario holds a thread itself
 * (CQ-1/b holds the thread that re-arms) and the threads to place wait for its lock in the first run,
 * so that they pass no point at all, that first run's landing is such a judged placement. A placement
 * whose completion lands with an event (the queue was armed) does not open the window, but it is judged
 * too: a driver that hands the event to another thread can still lose it there (a loop's task queued while
 * the loop decides to block). A window the design cannot reach at all is NOT_APPLICABLE with the design
 * property in one sentence.
 */
final class CqSearch {

    /** At most this many placements per scenario, spread over the threads. */
    static final int MAX_PLACEMENTS = 60;

    /**
     * A one-shot timer of the driver due within this long once the driver settled is waited for, once, in the first
     * run (its thread's points are recorded, so they are placements) and in a run whose hold was not reached yet
     * (the hold may be on that timer's thread): {@link WindowRun#awaitOneShotTimers}.
     */
    static final java.time.Duration TIMER_WAIT = java.time.Duration.ofSeconds(1);

    /** One run of a scenario on one trial; a fresh one per trial. */
    abstract static class Plan {
        /** Steps before the mark: their points are not placements. */
        void prepare(CqTrial t) {
        }

        /** Steps after the mark up to the moment of landing; the search settles the driver afterwards. */
        abstract void drive(CqTrial t);

        /**
         * Lands the completion the window is about.
         *
         * @return {@code null} when it landed inside the window, else why it did not (in words)
         */
        abstract String land(CqTrial t);

        /** What landed, for the evidence: {@code the last send completed unannounced}. */
        abstract String landed();

        /**
         * Whether the completion landed even when {@link #land} says the window's own situation was not reached
         * (it landed on an armed queue, so an event announced it): the trial then runs on and is judged all the
         * same, since what the driver does with that event (a task it hands to a loop thread, a wake-up it
         * skips) can still lose it. False when nothing landed.
         */
        boolean landsAnyway() {
            return false;
        }

        /** After the held thread is released: the invariants. */
        abstract void judge(CqTrial t);

        /** Threads the plan's own steps found waiting for a lock a held thread owned, in words. */
        List<String> stalls() {
            return stalls;
        }

        final List<String> stalls = new ArrayList<>();
    }

    /** What the driver's design does not do, so a placement cannot open the window (in words). */
    static final class NotReachable extends RuntimeException {
        NotReachable(String why) {
            super(why, null, false, false);
        }
    }

    private final CqWindow window;
    private final WindowRun run;
    private final String title;
    private int trials;
    private int opened;
    private int judgedWithStall;
    private int unsettled;
    private String firstUnsettled;
    private int untried;
    private final Set<String> stalled = new LinkedHashSet<>();
    private final Set<String> unreachable = new LinkedHashSet<>();
    private int notReached;
    /** Threads of the current scenario's first run that waited for a lock a thread the plan held owned, in words. */
    private List<String> firstRunStalls = List.of();
    private final FirstOpened firstOpened = new FirstOpened();

    CqSearch(CqWindow window, String title) {
        this.window = window;
        this.run = window.run();
        this.title = title;
    }

    /**
     * Runs one scenario: the unheld first run (judged too), then one trial per placement on the
     * threads {@code placeOn} accepts.
     *
     * @param scenario what to run, a fresh plan per trial
     * @param placeOn  which threads' points are placements (by name)
     */
    CqSearch scenario(String scenarioName, Supplier<Plan> scenario, Predicate<String> placeOn) {
        firstRunStalls = List.of();
        List<Hit> hits = trial(scenarioName, scenario.get(), null);
        String memoKey = title + " / " + scenarioName;
        List<Hit> placements = firstTried(placements(hits, placeOn), OPENED_BEFORE.getOrDefault(memoKey, Set.of()));
        if (placements.isEmpty() && !firstRunStalls.isEmpty()) {
            // the scenario's own hold (a re-arming thread held inside the driver's lock) kept the threads to place
            // from reaching any point: they waited for that lock, and the completion landed and was judged there
            judgedWithStall++;
            stalled.addAll(firstRunStalls);
        }
        untried += (int) hits.stream().filter(h -> placeOn.test(h.thread())).count() - placements.size();
        int unsettledBefore = unsettled;
        for (Hit h : placements) {
            if (unsettled - unsettledBefore >= MAX_UNSETTLED) {
                untried++;
                continue; // each costs the point timeout: the kit says so rather than spend the window's time
            }
            try {
                trial(scenarioName, scenario.get(), h);
            } catch (RuntimeException | Error e) {
                if (WindowExtension.translate(e) instanceof io.github.fabrictck.engine.InvariantViolation) {
                    OPENED_BEFORE.computeIfAbsent(memoKey, k -> ConcurrentHashMap.newKeySet()).add(h.describe());
                }
                throw e;
            }
        }
        return this;
    }

    /**
     * Placements that made a FAIL in an earlier run of the same window variant and scenario in this fork (a
     * repeat, or the next round of a sharded run), by {@link Hit#describe()}: they are tried first. The set of
     * placements tried is the same; only a broken driver's FAIL comes sooner. Kept in the fork's memory only: a file
     * would be one more input that a driver or the build could forge to reorder the search.
     */
    private static final Map<String, Set<String>> OPENED_BEFORE = new ConcurrentHashMap<>();

    /**
     * The same placements, in the order most likely to open the window first: those that opened it before
     * ({@code before}), then the calls to the device (re-arm, poll, post, wait for an event), then locks, waits and
     * wakes, then SPI entries and exits, then atomic variables and volatile writes; within each, the threads in turn as
     * {@link #placements} took them.
     */
    static List<Hit> firstTried(List<Hit> placements, Set<String> before) {
        List<Hit> out = new ArrayList<>(placements.size());
        placements.stream().filter(h -> before.contains(h.describe())).forEach(out::add);
        for (int tier = 0; tier < 4; tier++) {
            int t = tier;
            placements.stream().filter(h -> !before.contains(h.describe()) && tier(h) == t).forEach(out::add);
        }
        return out;
    }

    private static int tier(Hit h) {
        return switch (h.point().kind()) {
            case ENVIRONMENT_CALL -> 0;
            case SYNC_CALL -> isPlainMemory(h) ? 3 : 1;
            case SPI_ENTRY, SPI_EXIT -> 2;
            case VOLATILE_WRITE -> 3;
        };
    }

    /** After this many placements of one scenario whose threads did not settle, the others are not tried. */
    static final int MAX_UNSETTLED = 2;

    /** One trial; returns the points recorded when {@code placement} is null (the first run). */
    private List<Hit> trial(String scenarioName, Plan plan, Hit placement) {
        CqTrial t = trials++ == 0 ? window.trial() : window.newTrial();
        run.trace().restart();
        run.restartHoldRecords();
        run.trace().add("kit", "trial " + trials + " (" + scenarioName + "): " + (placement == null
                ? "no thread held; the kit records where the driver's threads go" : "hold " + placement.describe()), null);
        plan.prepare(t);
        if (placement != null) {
            // what prepare() set off (a loop thread woken by the first arm, a wake flag being cleared) runs to
            // its rest before the hold is placed: otherwise the hold catches that thread on its way and the
            // placement is a different interleaving in each run (zoo-cq-wake-flag-loop-broken FAILed CQ-3 in
            // 17 of 20 runs, 20 of 20 with this)
            try {
                t.settle();
            } catch (CqTrial.Spinning | CqTrial.NotSettled e) {
                // judged below as for any placement: the scenario's own settle reports it
            }
        }
        Hold hold = placement == null ? null : t.hold(placement.describe(), placement.again());
        if (placement == null) {
            run.startRecording();
        }
        List<Hit> hits = List.of();
        try {
            plan.drive(t);
            StuckDetector.Settle settled;
            try {
                settled = t.settle();
            } catch (CqTrial.Spinning spinning) {
                if (placement == null) {
                    // a thread that never blocks cannot be brought into the window; still, what lands is judged
                    if (plan.land(t) == null) {
                        plan.judge(t);
                    }
                }
                throw spinning;
            }
            if ((hold == null || !hold.isReached()) && run.awaitOneShotTimers(TIMER_WAIT,
                    window.session().pointTimeout(), hold == null ? () -> false : hold::isReached) > 0) {
                settled = t.settle(); // what the timers ran is on the record, or reached the hold, and settled
            }
            hits = placement == null ? run.stopRecording() : hits;
            if (hold != null && !hold.isReached()) {
                notReached++;
                run.trace().add("kit", "the point was not reached in this run", null);
                return hits;
            }
            // a thread waiting for the held thread's lock has settled too: completions ignore driver
            // locks, so landing one now is an interleaving like any other
            plan.stalls().addAll(settled.stalled());
            String why = plan.land(t);
            if (why != null) {
                unreachable.add(why);
                run.trace().add("kit", "not opened: " + why, null);
                if (plan.landsAnyway()) {
                    judgeUnopened(plan, t, hold, placement, why);
                }
                return hits;
            }
            if (hold == null) {
                // the first run is judged like any interleaving, but holds nothing open: it is no evidence of its
                // own, unless the plan held a thread itself and the others waited for its lock (see scenario)
                plan.judge(t);
                firstRunStalls = List.copyOf(plan.stalls());
                return hits;
            }
            String how = plan.landed() + " while " + placement.describe() + ", every other driver thread settled";
            hold.release();
            try {
                plan.judge(t);
            } catch (io.github.fabrictck.engine.InvariantViolation v) {
                run.opened(how); // the FAIL's evidence: where the window was forced
                throw v;
            }
            if (!plan.stalls().isEmpty()) {
                // judged, but the situation the window states was not reached: a thread still had to look
                judgedWithStall++;
                stalled.addAll(plan.stalls());
                return hits;
            }
            // evidence only once the placement was judged: one that turned out unreachable leaves none
            run.opened(how);
            opened++;
            firstOpened.record(run, how);
            return hits;
        } catch (CqTrial.NotSettled n) {
            if (placement == null) {
                throw n;
            }
            unsettled++;
            if (firstUnsettled == null) {
                firstUnsettled = n.getMessage() + " (holding " + placement.describe() + "): " + run.whereThreadsAre();
            }
            run.trace().add("kit", "not judged: " + n.getMessage(), null);
            return hits;
        } catch (NotReachable | CqTrial.Spinning n) {
            unreachable.add(n.getMessage());
            run.trace().add("kit", "not opened: " + n.getMessage(), null);
            return hits;
        } finally {
            if (placement == null) {
                run.stopRecording();
            }
        }
    }

    /**
     * A placement that did not open the window, though its completion landed: the held thread is released and
     * the invariants judged all the same, as for any interleaving. A FAIL names where the thread was held and
     * that the window's own situation was not reached; a PASS leaves the placement counted as not opened.
     */
    private void judgeUnopened(Plan plan, CqTrial t, Hold hold, Hit placement, String why) {
        // what the event set off runs first, as far as it goes, while the thread stays held
        plan.stalls().addAll(t.settle().stalled());
        if (hold != null) {
            hold.release();
        }
        try {
            plan.judge(t);
        } catch (io.github.fabrictck.engine.InvariantViolation v) {
            run.opened(why + "; the trial ran on and was judged" + (placement == null ? "" : " after "
                    + placement.describe() + " was released"));
            throw v;
        }
    }

    /**
     * The placements: every recorded point of the accepted threads, taken in turn from each thread
     * (sorted by name) so that a thread with many points does not crowd out the others, and in each
     * thread every place's first time before any place's second: a bounded spin (64 polls of an empty
     * queue before the poller arms it) must not fill a thread's share with the same line, leaving its
     * arm untried (an unseen vendor's adaptive poller passed CQ-1/a and CQ-3 so, 146 points untried).
     */
    static List<Hit> placements(List<Hit> hits, Predicate<String> placeOn) {
        List<Hit> out = new ArrayList<>();
        inTurn(hits, h -> placeOn.test(h.thread()) && !isPlainMemory(h), out);
        inTurn(hits, h -> placeOn.test(h.thread()) && isPlainMemory(h), out);
        return out;
    }

    /**
     * An atomic variable's call, a volatile field's write or a non-blocking collection's call: it neither blocks nor wakes, so a driver's counters and
     * statistics can be many; they are tried after the device calls, SPI entries and exits, locks, waits and wakes.
     */
    static boolean isPlainMemory(Hit h) {
        String target = h.point().target();
        return h.point().kind() == io.github.fabrictck.engine.Point.Kind.VOLATILE_WRITE
                || h.point().kind() == io.github.fabrictck.engine.Point.Kind.SYNC_CALL
                && (target.startsWith("Atomic") || target.startsWith("LongAdder") || target.startsWith("DoubleAdder")
                || target.startsWith("LongAccumulator") || target.startsWith("DoubleAccumulator")
                || target.startsWith("Concurrent") || target.startsWith("CopyOnWrite"));
    }

    /** Adds the accepted points to {@code out}, taken in turn from each thread (sorted by name), up to the cap. */
    private static void inTurn(List<Hit> hits, Predicate<Hit> accept, List<Hit> out) {
        Map<String, List<Hit>> byThread = new TreeMap<>();
        for (Hit h : hits) {
            if (accept.test(h)) {
                byThread.computeIfAbsent(h.thread(), k -> new ArrayList<>()).add(h);
            }
        }
        // stable: the places' first times in the order they were passed, then their second times, ...
        byThread.values().forEach(l -> l.sort(java.util.Comparator.comparingInt(Hit::occurrence)));
        Map<String, Integer> next = new LinkedHashMap<>();
        byThread.keySet().forEach(k -> next.put(k, 0));
        boolean more = true;
        while (more && out.size() < MAX_PLACEMENTS) {
            more = false;
            for (Map.Entry<String, List<Hit>> e : byThread.entrySet()) {
                int i = next.get(e.getKey());
                if (i < e.getValue().size() && out.size() < MAX_PLACEMENTS) {
                    out.add(e.getValue().get(i));
                    next.put(e.getKey(), i + 1);
                    more = true;
                }
            }
        }
    }

    /**
     * The window's verdict once every scenario ran (a FAIL has already been thrown by then): PASS
     * with the evidence of the placements that opened it (or, when another thread waited for the held
     * thread's lock in every one, of those judged), NOT_APPLICABLE with the design property, ERROR
     * when the kit could not tell.
     */
    void conclude() {
        String caveats = (judgedWithStall == 0 ? "" : "; in " + judgedWithStall + " more, another thread waited for the "
                + "held thread's lock when the completion landed, and the driver recovered too")
                + (unsettled == 0 ? "" : "; " + unsettled + " placement(s) could not be judged: " + firstUnsettled)
                + (untried == 0 ? "" : "; " + untried + " recorded point(s) were not tried (at most " + MAX_PLACEMENTS
                + " placements per scenario, device, SPI and blocking calls first)")
                + (notReached == 0 ? "" : "; " + notReached + " placement(s) found in the first run were not reached "
                + "again");
        if (opened > 0) {
            firstOpened.restore(run);
            run.opened(opened + " of " + trials + " placements opened the window, the driver recovered in each; first: "
                    + firstOpened.how() + caveats);
            return;
        }
        if (judgedWithStall > 0) {
            run.opened("the driver's locking kept " + title + " from opening cleanly: wherever a thread was held, another "
                    + "waited for a lock the held thread owned (" + String.join("; ", first(stalled, 2)) + "); the "
                    + "completion was landed and judged in each of " + judgedWithStall + " placements, and the driver "
                    + "recovered" + caveats);
            return;
        }
        if (unsettled > 0) {
            throw new WindowNotOpened("no placement opened " + title + ": " + unsettled + " could not be judged, first: "
                    + firstUnsettled);
        }
        if (!unreachable.isEmpty()) {
            Assumptions.abort("the driver's design cannot reach " + title + ": " + String.join("; ", first(unreachable, 3)));
        }
        throw new WindowNotOpened("no placement opened " + title + " in " + trials + " trials (" + notReached
                + " placement(s) found in the first run were not reached again)");
    }

    private static List<String> first(Set<String> s, int n) {
        return s.stream().limit(n).toList();
    }
}
