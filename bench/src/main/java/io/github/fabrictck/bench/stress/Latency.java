package io.github.fabrictck.bench.stress;

import java.util.Random;

/**
 * How long the device takes to complete a send or deliver a message: uniform between
 * {@code minNanos} and {@code maxNanos}, and with probability {@code tailProbability} a longer
 * tail, uniform between {@code maxNanos} and {@code tailMaxNanos} (a retransmission, a congested
 * switch port).
 *
 * @param minNanos        the shortest latency
 * @param maxNanos        the longest latency outside the tail
 * @param tailProbability how often a latency falls in the tail
 * @param tailMaxNanos    the longest tail latency
 */
public record Latency(long minNanos, long maxNanos, double tailProbability, long tailMaxNanos) {

    public Latency {
        if (minNanos < 0 || maxNanos < minNanos || tailMaxNanos < maxNanos || tailProbability < 0 || tailProbability > 1) {
            throw new IllegalArgumentException("latency " + minNanos + ".." + maxNanos + " ns, tail " + tailProbability
                    + " up to " + tailMaxNanos + " ns");
        }
    }

    /** 1 to 200 µs, and one in a thousand between 200 µs and 10 ms. */
    public static Latency realistic() {
        return new Latency(1_000, 200_000, 0.001, 10_000_000);
    }

    /** Everything completes at once, in the call that posts it. */
    public static Latency zero() {
        return new Latency(0, 0, 0, 0);
    }

    /** Whether every latency is 0. */
    public boolean isZero() {
        return maxNanos == 0 && tailMaxNanos == 0;
    }

    /** The next latency. */
    public long next(Random random) {
        if (tailProbability > 0 && random.nextDouble() < tailProbability) {
            return maxNanos + (long) (random.nextDouble() * (tailMaxNanos - maxNanos));
        }
        return minNanos + (long) (random.nextDouble() * (maxNanos - minNanos));
    }

    /** For the report: {@code 1-200 µs, 0.1 % up to 10 ms}. */
    public String describe() {
        if (isZero()) {
            return "0 (completes inside postSend)";
        }
        return minNanos / 1000 + "-" + maxNanos / 1000 + " µs, " + tailProbability * 100 + " % up to "
                + tailMaxNanos / 1_000_000 + " ms";
    }
}
