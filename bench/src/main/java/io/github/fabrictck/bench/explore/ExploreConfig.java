package io.github.fabrictck.bench.explore;

import java.util.List;

/**
 * The settings of section 8, exploration ({@code bench.explore*}).
 *
 * @param strategy          the scheduler ({@code bench.exploreStrategy}, {@code pct})
 * @param seeds             the first seed of each exploration of a known-broken driver ({@code bench.exploreSeeds},
 *                          0, 1000, 2000: three disjoint blocks of {@code schedules} seeds)
 * @param schedules         the budget of each of those explorations ({@code bench.exploreSchedules}, 1,000)
 * @param drivers           the known-broken drivers ({@code bench.exploreDrivers}; empty, the default: every
 *                          {@code broken-*} driver of the sample driver and every {@code *-broken} design of the zoo)
 * @param controls          compliant drivers explored at length ({@code bench.exploreControls}, {@code sample} and
 *                          {@code sample-event-loop})
 * @param controlSchedules  schedules of each control per exploration window ({@code bench.exploreControlSchedules},
 *                          10,000: 10 runs of 1,000 seeds each, one JVM)
 * @param designSchedules   schedules of every other compliant design of the class path (the zoo's) per exploration
 *                          window ({@code bench.exploreDesignSchedules}, 1,000; 0 skips them)
 * @param shardCounts       shard counts of the exploration's sharding table ({@code bench.exploreShardCounts}, 1, 2, 4)
 * @param shardBlocks       blocks of {@code schedules} seeds of {@code sample} split into those shards
 *                          ({@code bench.exploreShardBlocks}, 4)
 */
public record ExploreConfig(String strategy, List<Long> seeds, int schedules, List<String> drivers,
                            List<String> controls, int controlSchedules, int designSchedules, List<Integer> shardCounts,
                            int shardBlocks) {

    /** The full run's settings. */
    public static ExploreConfig defaults() {
        return new ExploreConfig("pct", List.of(0L, 1000L, 2000L), 1000, List.of(),
                List.of("sample", "sample-event-loop"), 10_000, 1000, List.of(1, 2, 4), 4);
    }

    /** The smoke's: one known-broken driver, one seed, a few schedules; one control; a split in two. */
    public static ExploreConfig smoke() {
        return new ExploreConfig("pct", List.of(0L), 50, List.of("broken-cq-4"), List.of("sample"), 20, 0,
                List.of(1, 2), 2);
    }
}
