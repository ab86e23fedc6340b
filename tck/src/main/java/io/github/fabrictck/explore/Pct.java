package io.github.fabrictck.explore;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * PCT (Burckhardt et al., ASPLOS 2010): every agent (a driver thread, or the environment) gets a
 * random priority when first seen, the highest-priority enabled agent runs, and at {@code depth - 1}
 * random steps the running agent drops below every other. Finds a bug of depth d with probability at
 * least 1/(n k^(d-1)), k the steps a change point can land on. Each environment action is an agent of
 * its own.
 *
 * <p>On even seeds ({@link #environmentOnly}) the change points land only where races with the environment are
 * ({@link Scheduler#racesEnvironment}): a step counts when there is a choice and the agent about to run is a driver
 * thread at a call into the environment or an environment action. Most of a driver's bugs under exploration are an
 * environment action landing in a window the driver left open between two of its calls (a completion queued after
 * the poll, before the re-arm); its other steps (locks, atomics, SPI entries and exits, the code after a call
 * returned), about five in six, still run by priority but draw no change point, so k is about a sixth of the
 * decisions (CQ-X: 10 to 40 of 100 to 110) and a change point lands in such a window about six times as often. On
 * odd seeds every decision counts, as in the paper, for the races between two driver threads' own steps.
 */
final class Pct implements Scheduler {

    static final int DEFAULT_DEPTH = 3;

    /**
     * Whether schedule {@code seed} places its change points only where races with the environment are (even seeds)
     * or, as PCT always did, at any decision (odd seeds): a bug between two driver threads' steps outside any call
     * into the environment (a flag and a task queue of an event loop, {@code zoo-cq-wake-flag-loop-broken}) still
     * gets half the schedules it had. Each seed is a schedule of its own: a shard of seeds keeps both kinds.
     */
    static boolean environmentOnly(long seed) {
        return (seed & 1) == 0;
    }
    /** The steps the first schedule's change points are placed among (later: the most steps a schedule counted). */
    static final int FIRST_EXPECTED_STEPS = 10;
    /** The same for a schedule whose change points may land at any decision. */
    static final int FIRST_EXPECTED_DECISIONS = 100;

    private final SplittableRandom random;
    private final Map<String, Integer> priority = new HashMap<>();
    private final Set<Integer> changePoints = new HashSet<>();
    private final int depth;
    private int lowered;
    /** The steps counted so far: the decisions where a change point may land. */
    private int counted;
    /** At most this many turns in a row go to one agent while another option waits. */
    static final int STARVING = 1_000;
    private String last;
    private int run;

    /** Whether the change points land only where races with the environment are (else at any choice). */
    private final boolean environmentOnly;

    Pct(long seed, int depth, int expectedSteps) {
        this(seed, depth, expectedSteps, true);
    }

    Pct(long seed, int depth, int expectedSteps, boolean environmentOnly) {
        this.random = new SplittableRandom(seed);
        this.depth = depth;
        this.environmentOnly = environmentOnly;
        for (int i = 1; i < depth; i++) {
            changePoints.add(random.nextInt(Math.max(1, expectedSteps)));
        }
    }

    @Override
    public int choose(List<String> options, int step) {
        return choose(options, options.stream().map(o -> Controller.ENV).toList(), step);
    }

    @Override
    public int choose(List<String> options, List<String> steps, int step) {
        for (String o : options) {
            // distinct starting priorities above every change point's
            priority.computeIfAbsent(Scheduler.agent(o), a -> depth + random.nextInt(1_000_000));
        }
        String best = highest(options);
        boolean change = environmentOnly ? options.size() > 1 && Scheduler.racesEnvironment(steps.get(options.indexOf(best)))
                && changePoints.remove(counted++) : changePoints.remove(counted++);
        // a thread that keeps running without blocking (a busy poll) passes no point that races with the environment:
        // it drops below the others after STARVING turns in a row, so no option waits for ever behind it
        run = best.equals(last) ? run + 1 : 1;
        last = best;
        boolean starving = !change && options.size() > 1 && run > STARVING;
        if (change) {
            priority.put(best, ++lowered - depth);
        } else if (starving) {
            int lowest = options.stream().mapToInt(o -> priority.get(Scheduler.agent(o))).min().orElseThrow();
            priority.put(best, lowest - 1);
        }
        if (change || starving) {
            best = highest(options);
            last = best;
            run = 1;
        }
        return options.indexOf(best);
    }

    @Override
    public int counted(int decisions) {
        return counted;
    }

    private String highest(List<String> options) {
        String best = null;
        for (String o : options) {
            String a = Scheduler.agent(o);
            if (best == null || priority.get(a) > priority.get(best)) {
                best = a;
            }
        }
        return best;
    }
}
