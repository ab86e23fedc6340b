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
        matrix().forEach((driver, cells) -> expected.put(driver, cells[2]));
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

    /** The lines of matrix.txt by driver: driver, windows, expected outcome. */
    private static Map<String, String[]> matrix() throws IOException {
        Map<String, String[]> lines = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of("src/test/fabric-tck/matrix.txt"))) {
            String[] cells = line.replaceAll("#.*", "").strip().split("\\s+");
            if (cells.length >= 3) {
                lines.put(cells[0], cells);
            }
        }
        return lines;
    }

    /**
     * The site's windows page lists the zoo's designs in a table, one row per family: every {@code zoo-<family>-<design>}
     * driver is in its family's row, a correct design in the second column and a broken twin in the third, and the
     * window a twin must FAIL there is the one its line in matrix.txt names. A design added without its row entry, or a
     * twin whose window moved, would leave the page wrong.
     */
    @Test
    void theWindowsPagesZooTableNamesEveryDesignAndEachTwinsWindow() throws IOException {
        Map<String, String> windowOf = new TreeMap<>();
        matrix().forEach((driver, cells) -> windowOf.put(driver, cells[1]));
        Map<String, String[]> rows = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of("../site/src/site/markdown/windows.md"))) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^\\| (CQ|HS|EL|CS) \\| (.*) \\| (.*) \\|$")
                    .matcher(line);
            if (m.matches()) {
                rows.put(m.group(1), new String[] {m.group(2), m.group(3)});
            }
        }
        Map<String, String> wrong = new TreeMap<>();
        ServiceLoader.load(Driver.class).forEach(d -> {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("zoo-(cq|hs|el|cs)-(.+?)(-broken)?")
                    .matcher(d.name());
            if (!m.matches()) {
                return; // the reviewers' designs (review-, review5-, review6-) are described in matrix.txt only
            }
            String[] row = rows.get(m.group(1).toUpperCase(java.util.Locale.ROOT));
            boolean broken = m.group(3) != null;
            String column = row == null ? "" : row[broken ? 1 : 0];
            String design = "`" + m.group(2) + "`";
            int at = column.indexOf(design);
            if (at < 0) {
                wrong.put(d.name(), "not in the " + (broken ? "broken twins'" : "correct designs'") + " column of row "
                        + m.group(1).toUpperCase(java.util.Locale.ROOT));
            } else if (broken) {
                // its description: up to the end of the next parenthesis that closes an entry ("), `" or the column's
                // end); twins listed together share the one after the last of them
                String after = column.substring(at + design.length());
                int end = after.indexOf("), `");
                String described = end < 0 ? after : after.substring(0, end + 1);
                for (String w : windowOf.getOrDefault(d.name(), "").split(",")) {
                    if (!w.isEmpty() && !described.contains(w)) {
                        wrong.put(d.name(), "its entry " + design + described + " does not name " + w
                                + ", the window matrix.txt has it FAIL");
                    }
                }
            }
        });
        assertEquals(Map.of(), wrong, "zoo designs the windows page's zoo table gets wrong");
    }
}
