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

    /**
     * Chooses knowing what each option does next; by default as {@link #choose(List, int)}.
     *
     * @param steps what each option does next, index by index: a stopped thread's point ({@code at call
     *              CompletionQueue.poll}, {@code at sync Object.wait}, {@code after call QueuePair.postSend}), an
     *              environment action as it is ({@code env: send 2 completes})
     */
    default int choose(List<String> options, List<String> steps, int step) {
        return choose(options, step);
    }

    /**
     * How many of a schedule's {@code decisions} this scheduler counted as its steps (PCT places its change points
     * among them); by default every decision.
     */
    default int counted(int decisions) {
        return decisions;
    }

    /**
     * Whether a step can race with what the environment does: a driver thread's call into the environment (the
     * device, the network: {@code at call ...}), where an environment action landing just before or just after it
     * is a different schedule, or an environment action itself. A thread's other steps (its locks, atomics, SPI
     * entries and exits, what it does after a call returned) race only with the other driver threads' steps.
     */
    static boolean racesEnvironment(String step) {
        return step.startsWith(Controller.ENV) || step.startsWith("at call ");
    }

    /** Makes the scheduler of schedule {@code seed} for a strategy name; {@code expectedSteps} helps PCT place its change points. */
    static Scheduler of(String strategy, long seed, int expectedSteps) {
        return switch (strategy) {
            case "random" -> new RandomWalk(seed);
            case "pct" -> new Pct(seed, Pct.DEFAULT_DEPTH, expectedSteps, Pct.environmentOnly(seed));
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
