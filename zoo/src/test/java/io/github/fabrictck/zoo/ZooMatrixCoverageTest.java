package io.github.fabrictck.zoo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fabrictck.spi.Driver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The zoo's matrix ({@code src/test/fabric-tck/matrix.txt}, which {@code fabric-tck:matrix} runs) covers the zoo:
 * each driver has a line, a broken twin ({@code ...-broken}) one that expects it to FAIL and a correct design one
 * that expects it to PASS, and each line names a driver of the zoo. A design added without its line would never
 * be judged.
 */
class ZooMatrixCoverageTest {

    @Test
    void everyDriverHasItsLineAndEveryLineADriver() throws IOException {
        Map<String, String> expected = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of("src/test/fabric-tck/matrix.txt"))) {
            String[] cells = line.replaceAll("#.*", "").strip().split("\\s+");
            if (cells.length >= 3) {
                expected.put(cells[0], cells[2]);
            }
        }
        TreeSet<String> drivers = new TreeSet<>();
        ServiceLoader.load(Driver.class).forEach(d -> drivers.add(d.name()));
        Map<String, String> wrong = new TreeMap<>();
        for (String d : drivers) {
            String want = d.endsWith("-broken") ? "FAIL" : "PASS";
            if (!want.equals(expected.get(d))) {
                wrong.put(d, "needs a " + want + " line, has " + expected.get(d));
            }
        }
        assertEquals(Map.of(), wrong, "zoo drivers whose line in matrix.txt is missing or expects the wrong outcome");
        assertEquals(Map.of(), new TreeMap<>(Map.ofEntries(expected.keySet().stream().filter(d -> !drivers.contains(d))
                .map(d -> Map.entry(d, "no such driver")).toArray(Map.Entry[]::new))),
                "lines of matrix.txt that name no driver of the zoo");
    }
}
