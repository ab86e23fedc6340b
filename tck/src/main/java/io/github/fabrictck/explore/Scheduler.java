package io.github.fabrictck.explore;

import java.util.List;

/**
 * Chooses each decision of one schedule among the options enabled at that step: the driver
 * threads stopped at a point (by name) and the environment's actions ({@code env: ...}), always
 * listed in the same order, so the same scheduler and seed make the same schedule.
 */
public interface Scheduler {

    /**
     * @param options the enabled options, never empty
     * @param step    how many decisions were made before this one
     * @return the index of the chosen option
     */
    int choose(List<String> options, int step);

    /** Makes the scheduler of schedule {@code seed} for a strategy name; {@code expectedSteps} helps PCT place its change points. */
    static Scheduler of(String strategy, long seed, int expectedSteps) {
        return switch (strategy) {
            case "random" -> new RandomWalk(seed);
            case "pct" -> new Pct(seed, Pct.DEFAULT_DEPTH, expectedSteps);
            case "pos" -> new Pos(seed);
            default -> throw new IllegalArgumentException("-Dfabric-tck.explore=" + strategy
                    + " is not a scheduler: use random, pct or pos");
        };
    }

    /** The agent an option belongs to: a thread's name, or the environment action itself (each is an agent of its own). */
    static String agent(String option) {
        return option;
    }
}
