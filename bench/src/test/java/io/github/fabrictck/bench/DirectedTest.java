package io.github.fabrictck.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DirectedTest {

    @Test
    void aRoundIsTheSumOfEveryVariantsRunOfThatRoundAndOnlyFinishedRoundsCount() {
        Map<String, List<Long>> runs = new LinkedHashMap<>();
        runs.put("CS-1/loopback", List.of(900L, 180L, 280L));
        runs.put("CS-1/memory", List.of(330L, 130L));
        assertArrayEquals(new long[] {1230, 310}, Directed.rounds(runs));
        assertArrayEquals(new long[0], Directed.rounds(Map.of()));
    }
}
