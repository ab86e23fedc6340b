package io.github.fabrictck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void percentilesAreByNearestRankAsTheKitComputesThem() {
        long[] twenty = LongStream.rangeClosed(1, 20).toArray();
        assertEquals(19, Stats.percentile(twenty, 95));
        assertEquals(10, Stats.percentile(twenty, 50));
        assertEquals(1, Stats.percentile(twenty, 0));
        assertEquals(20, Stats.percentile(twenty, 100));
        long[] hundred = LongStream.rangeClosed(1, 100).toArray();
        assertEquals(95, Stats.percentile(hundred, 95));
        assertEquals(96, Stats.percentile(LongStream.rangeClosed(1, 101).toArray(), 95));
    }

    @Test
    void theMedianOfAnEvenCountIsTheLowerMiddleValue() {
        assertEquals(2, Stats.median(new long[] {4, 1, 3, 2}));
        assertEquals(7, Stats.median(new long[] {7}));
        assertEquals(2.5, Stats.median(new double[] {4, 1, 3, 2}));
        assertEquals(3.0, Stats.median(new double[] {5, 1, 3}));
    }

    @Test
    void theValuesAreNotReordered() {
        long[] values = {3, 1, 2};
        Stats.percentile(values, 50);
        assertEquals(3, values[0]);
    }

    @Test
    void noValueIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> Stats.percentile(new long[0], 50));
        assertThrows(IllegalArgumentException.class, () -> Stats.percentile(new long[] {1}, 101));
        assertNull(Stats.distribution(new long[0]));
    }

    @Test
    void aDistributionHasMinMedianP95AndMax() {
        Map<String, Object> d = Stats.distribution(LongStream.rangeClosed(1, 20).toArray());
        assertEquals(Map.of("min", 1L, "median", 10L, "p95", 19L, "max", 20L), d);
    }

    @Test
    void ratesAndSpeedUps() {
        assertEquals(0.0, Stats.rate(3, 0));
        assertEquals(0.25, Stats.rate(1, 4));
        assertEquals(600.0, Stats.speedup(60_000, 100));
        assertEquals(60_000.0, Stats.speedup(60_000, 0), "a median of 0 ms counts as 1 ms");
    }

    @Test
    void figuresForTables() {
        assertEquals("100 %", Stats.percent(1));
        assertEquals("99.5 %", Stats.percent(0.995));
        assertEquals("0 %", Stats.percent(0));
        assertEquals("2.5×", Stats.factor(2.5));
        assertEquals("12,400×", Stats.factor(12_400.2));
        assertEquals("1,234,567", Stats.grouped(1_234_567));
        assertEquals("999", Stats.grouped(999));
        assertEquals("3 ms", Stats.millis(3));
        assertEquals("2.5 ms", Stats.millis(2.5));
        assertEquals("322 ms", Stats.millis(322.1));
        assertEquals("1,056 ms", Stats.millis(1055.9));
        assertEquals("12.3 s", Stats.millis(12_300));
        assertEquals("2.5 min", Stats.millis(150_000));
    }
}
