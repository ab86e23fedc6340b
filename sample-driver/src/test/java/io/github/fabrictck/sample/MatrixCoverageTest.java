package io.github.fabrictck.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fabrictck.spi.Driver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The kill matrix ({@code src/test/fabric-tck/matrix.txt}, which {@code fabric-tck:matrix} runs) covers this module:
 * each known-broken driver has a line that expects it to FAIL, and each line names a driver the module has. A
 * broken driver added without its line would never be run, and its window never shown to catch it.
 */
class MatrixCoverageTest {

    @Test
    void everyBrokenDriverHasAFailLineAndEveryLineADriver() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("src/test/fabric-tck/matrix.txt"));
        TreeSet<String> failing = new TreeSet<>();
        TreeSet<String> listed = new TreeSet<>();
        for (String line : lines) {
            String[] cells = line.replaceAll("#.*", "").strip().split("\\s+");
            if (cells.length >= 3) {
                listed.add(cells[0]);
                if (cells[2].equals("FAIL")) {
                    failing.add(cells[0]);
                }
            }
        }
        TreeSet<String> drivers = new TreeSet<>();
        ServiceLoader.load(Driver.class).forEach(d -> drivers.add(d.name()));
        List<String> brokenWithoutLine = new ArrayList<>(drivers.stream().filter(d -> d.startsWith("broken-"))
                .filter(d -> !failing.contains(d)).toList());
        assertEquals(List.of(), brokenWithoutLine, "known-broken drivers with no FAIL line in matrix.txt");
        assertEquals(List.of(), listed.stream().filter(d -> !drivers.contains(d)).toList(),
                "lines of matrix.txt that name no driver of this module (" + drivers + ")");
    }
}
