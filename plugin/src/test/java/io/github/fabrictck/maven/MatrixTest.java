package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MatrixTest {

    @Test
    void readsEachFormOfALine() throws IOException {
        Matrix m = Matrix.parse(List.of(
                "# driver windows expect",
                "",
                "broken-cq-1   CQ-1   FAIL      # BeeGFS's order",
                "sample-event-loop CQ-7 PASS",
                "zoo-cq-monitor * PASS",
                "disni * FAIL CQ-5,CQ-6,CQ-8,CS-3"), "m.txt");
        assertEquals(List.of(
                new Matrix.Row(3, "broken-cq-1", "CQ-1", "CQ-1"),
                new Matrix.Row(4, "sample-event-loop", "CQ-7", null),
                new Matrix.Row(5, "zoo-cq-monitor", null, null),
                new Matrix.Row(6, "disni", null, "CQ-5,CQ-6,CQ-8,CS-3")), m.rows());
        assertEquals(List.of("broken-cq-1 CQ-1 FAIL", "sample-event-loop CQ-7 PASS", "zoo-cq-monitor * PASS",
                "disni * FAIL CQ-5,CQ-6,CQ-8,CS-3"), m.rows().stream().map(Matrix.Row::describe).toList());
    }

    @Test
    void eachBadLineIsOneSentenceWithItsLine() {
        assertEquals("m.txt line 1 has 2 cells, not \"driver windows PASS\" or \"driver windows FAIL [ids]\": a CQ-1",
                message(List.of("a CQ-1")));
        assertEquals("m.txt line 2 names driver a a second time: one line per driver.",
                message(List.of("a CQ-1 FAIL", "a CQ-2 FAIL")));
        assertEquals("m.txt line 1 expects \"PASSES\", not PASS or FAIL [ids]: a CQ-1 PASSES", message(List.of("a CQ-1 PASSES")));
        assertEquals("m.txt line 1 expects \"PASS CQ-1\", not PASS or FAIL [ids]: a CQ-1 PASS CQ-1",
                message(List.of("a CQ-1 PASS CQ-1")));
        assertEquals("m.txt line 1 expects a to FAIL the whole catalog: name the ids that must FAIL (\"a * FAIL CQ-1,CQ-2\").",
                message(List.of("a * FAIL")));
        assertEquals("The Fabric TCK matrix m.txt has no row: write one line per driver.", message(List.of("# nothing")));
    }

    @Test
    void aMissingFileSaysHowToWriteOne(@TempDir Path dir) {
        IOException e = assertThrows(IOException.class, () -> Matrix.read(dir.resolve("matrix.txt")));
        assertTrue(e.getMessage().contains("does not exist: write one line per driver"), e.getMessage());
    }

    private static String message(List<String> lines) {
        return assertThrows(IOException.class, () -> Matrix.parse(lines, "m.txt")).getMessage();
    }
}
