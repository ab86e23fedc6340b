package io.github.fabrictck.explore;

import java.util.List;
import java.util.SplittableRandom;

/** Each decision uniformly among the enabled options. */
final class RandomWalk implements Scheduler {

    private final SplittableRandom random;

    RandomWalk(long seed) {
        this.random = new SplittableRandom(seed);
    }

    @Override
    public int choose(List<String> options, int step) {
        return random.nextInt(options.size());
    }
}
