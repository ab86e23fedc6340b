package io.github.fabrictck.adapters.nettyuring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The verdict table of the site's "Certify an existing library" page is {@link NettyVerdicts}'s: its columns name
 * the window variants in order and each release's row has their verdicts (the figures beside them are measured).
 */
class NettyDocsTableTest {

    private static final Path PAGE = Path.of("../../site/src/site/markdown/certify-library.md");
    private static final Pattern VERDICT = Pattern.compile("\\b(PASS|FAIL|ERROR|NOT_APPLICABLE)\\b");

    @Test
    void theSitesTableHasTheVerdictsTheBuildHoldsNettyTo() throws Exception {
        List<String> lines = Files.readAllLines(PAGE);
        int header = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("| Netty io_uring |")) {
                header = i;
            }
        }
        assertTrue(header >= 0, "no table with the header '| Netty io_uring |' in " + PAGE);
        List<String> columns = cells(lines.get(header));
        List<String> variants = new ArrayList<>();
        for (String c : columns.subList(1, columns.size())) {
            variants.add(c.split(" ")[0]);
        }
        assertEquals(NettyVerdicts.VARIANTS, variants, "the table's columns in " + PAGE);
        Map<String, List<String>> rows = new LinkedHashMap<>();
        for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            List<String> cells = cells(lines.get(i));
            List<String> verdicts = new ArrayList<>();
            for (String c : cells.subList(1, cells.size())) {
                Matcher m = VERDICT.matcher(c);
                verdicts.add(m.find() ? m.group(1) : c);
            }
            rows.put(cells.get(0), verdicts);
        }
        assertEquals(NettyVerdicts.TABLE, rows, "the table's rows in " + PAGE);
    }

    private static List<String> cells(String row) {
        List<String> out = new ArrayList<>();
        for (String c : row.substring(1, row.lastIndexOf('|')).split("\\|")) {
            out.add(c.strip());
        }
        return out;
    }
}
