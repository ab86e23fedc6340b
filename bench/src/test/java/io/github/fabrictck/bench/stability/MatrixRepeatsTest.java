package io.github.fabrictck.bench.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fabrictck.bench.stability.MatrixRepeats.Line;
import java.util.List;
import org.junit.jupiter.api.Test;

class MatrixRepeatsTest {

    private static Line line(String driver, String expect, String variant, int pass, int fail, int error, int na,
            boolean ok, String other) {
        return new Line(driver, expect, variant, pass + fail + error + na, pass, fail, error, na, ok, other);
    }

    @Test
    void shardsAreSummedVariantByVariant() {
        List<Line> first = List.of(
                line("zoo-a", "PASS *", "CQ-1/a", 100, 0, 0, 0, true, null),
                line("zoo-a-broken", "FAIL CQ-1", "CQ-1/a", 0, 100, 0, 0, true, null),
                line("zoo-a-broken", "FAIL CQ-1", "CQ-1/b", 100, 0, 0, 0, true, null));
        List<Line> second = List.of(
                line("zoo-a", "PASS *", "CQ-1/a", 99, 0, 1, 0, false, "did not settle"),
                line("zoo-a-broken", "FAIL CQ-1", "CQ-1/a", 1, 99, 0, 0, false, "PASS"),
                line("zoo-a-broken", "FAIL CQ-1", "CQ-1/b", 100, 0, 0, 0, false, null));
        List<Line> sum = MatrixRepeats.sum(List.of(first, second));
        assertEquals(List.of(
                line("zoo-a", "PASS *", "CQ-1/a", 199, 0, 1, 0, false, "did not settle"),
                // the twin's window did not FAIL all 200 runs in any variant: not caught
                line("zoo-a-broken", "FAIL CQ-1", "CQ-1/a", 1, 199, 0, 0, false, "PASS"),
                line("zoo-a-broken", "FAIL CQ-1", "CQ-1/b", 200, 0, 0, 0, false, null)), sum);
    }

    @Test
    void aTwinCaughtInEveryShardIsCaughtOverTheSum() {
        List<Line> shard = List.of(
                line("zoo-a-broken", "FAIL CQ-1", "CQ-1/a", 0, 50, 0, 0, true, null),
                line("zoo-a-broken", "FAIL CQ-1", "CQ-1/b", 50, 0, 0, 0, true, null));
        List<Line> sum = MatrixRepeats.sum(List.of(shard, shard));
        assertEquals(List.of(
                line("zoo-a-broken", "FAIL CQ-1", "CQ-1/a", 0, 100, 0, 0, true, null),
                line("zoo-a-broken", "FAIL CQ-1", "CQ-1/b", 100, 0, 0, 0, true, null)), sum);
    }
}
