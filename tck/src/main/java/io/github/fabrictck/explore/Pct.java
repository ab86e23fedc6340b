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
 * least 1/(n k^(d-1)). Each environment action is an agent of its own.
 */
final class Pct implements Scheduler {

    static final int DEFAULT_DEPTH = 3;

    private final SplittableRandom random;
    private final Map<String, Integer> priority = new HashMap<>();
    private final Set<Integer> changePoints = new HashSet<>();
    private final int depth;
    private int lowered;

    Pct(long seed, int depth, int expectedSteps) {
        this.random = new SplittableRandom(seed);
        this.depth = depth;
        for (int i = 1; i < depth; i++) {
            changePoints.add(random.nextInt(Math.max(1, expectedSteps)));
        }
    }

    @Override
    public int choose(List<String> options, int step) {
        for (String o : options) {
            // distinct starting priorities above every change point's
            priority.computeIfAbsent(Scheduler.agent(o), a -> depth + random.nextInt(1_000_000));
        }
        String best = highest(options);
        if (changePoints.remove(step)) {
            priority.put(best, ++lowered - depth);
            best = highest(options);
        }
        return options.indexOf(best);
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
