package io.github.fabrictck.explore;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A simplified POS (Yuan et al., CAV 2018): every enabled option has a random priority, the
 * highest runs, and the one that ran draws a new priority. Full POS also redraws the priorities of
 * the options that race with the one that ran; the kit does not compute races yet, so it redraws
 * the chosen one only.
 */
final class Pos implements Scheduler {

    private final SplittableRandom random;
    private final Map<String, Double> priority = new HashMap<>();

    Pos(long seed) {
        this.random = new SplittableRandom(seed);
    }

    @Override
    public int choose(List<String> options, int step) {
        int best = 0;
        double top = -1;
        for (int i = 0; i < options.size(); i++) {
            double p = priority.computeIfAbsent(options.get(i), o -> random.nextDouble());
            if (p > top) {
                top = p;
                best = i;
            }
        }
        priority.put(options.get(best), random.nextDouble());
        return best;
    }
}
