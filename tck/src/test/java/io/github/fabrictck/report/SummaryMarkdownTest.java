package io.github.fabrictck.report;

import static io.github.fabrictck.report.Fixtures.result;
import static io.github.fabrictck.report.Fixtures.window;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SummaryMarkdownTest {

    private final Result mixed = result(true,
            window("CQ-1", "a", Outcome.PASS, null),
            window("CQ-1", "b", Outcome.FAIL, "a completion was queued that no event announced\nsecond line"),
            window("HS-2", null, Outcome.ERROR, "the hold was never reached"),
            window("CS-1", null, Outcome.NOT_APPLICABLE, "the driver does not implement connection-setup"));

    @Test
    void rendersHeadingTableNotApplicableInOneLineAndASectionPerFailOrErrorWithWhatToCheck() {
        assertEquals("""
                ## Fabric TCK: sample 1.0.0: 2 problems

                Fabric TCK 0.1.0, JVM 17.0.15 (Eclipse Adoptium): 1 pass, 1 fail, 1 error, 1 not applicable.

                Problems:

                - CQ-1/b FAIL: a completion was queued that no event announced — reproduce: mvn fabric-tck:run -Dfabric-tck.windows=CQ-1/b
                - HS-2 ERROR: the hold was never reached — reproduce: mvn fabric-tck:run -Dfabric-tck.windows=HS-2

                | window | title | outcome | ms |
                |---|---|---|---:|
                | CQ-1/a | Title of CQ-1 | PASS | 12 |
                | CQ-1/b | Title of CQ-1 | FAIL | 12 |
                | HS-2 | Title of HS-2 | ERROR | 12 |
                | CS-1 | Title of CS-1 | NOT APPLICABLE | 12 |

                Not applicable: CS-1 (each reason is in fabric-tck-result.json and report.html).

                ### CQ-1/b FAIL: Title of CQ-1

                Violated: every completion is delivered

                Reason:

                ```text
                a completion was queued that no event announced
                second line
                ```

                What to check: the re-arm comes before the last poll\\_

                Reproduce:

                ```shell
                mvn fabric-tck:run -Dfabric-tck.windows=CQ-1/b
                ```

                ### HS-2 ERROR: Title of HS-2

                Reason:

                ```text
                the hold was never reached
                ```

                Reproduce:

                ```shell
                mvn fabric-tck:run -Dfabric-tck.windows=HS-2
                ```
                """, SummaryMarkdown.render(mixed, Set.of(), java.util.Map.of("CQ-1", WindowInfo.of("CQ-1", "t", "f", "s", "b",
                new String[] {"1"}, new String[] {"i"}, "the re-arm comes before the last poll_"),
                "HS-2", WindowInfo.of("HS-2", "t", "f", "s", "b", new String[] {"1"}, new String[] {"i"}, "not for an ERROR"))));
    }

    @Test
    void verdicts() {
        assertEquals("## Fabric TCK: sample 1.0.0: passed 1 of the selected windows — not a certification",
                heading(result(true, window("CQ-1", null, Outcome.PASS, null),
                        window("CS-1", null, Outcome.NOT_APPLICABLE, "no"))), "no catalog, no run facts: not a certification");
        assertEquals("## Fabric TCK: sample 1.0.0: certified",
                SummaryMarkdown.render(Fixtures.certifiable(Map.of()), Set.of(), Fixtures.catalog())
                        .lines().findFirst().orElseThrow());
        assertEquals("## Fabric TCK: sample 1.0.0: 1 problem",
                heading(result(true, window("CQ-1", null, Outcome.FAIL, "lost"))));
        assertEquals("## Fabric TCK: sample 1.0.0: incomplete run",
                heading(result(false, window("CQ-1", null, Outcome.PASS, null))));
        assertEquals("## Fabric TCK: sample 1.0.0: 1 problem", heading(result(true)), "a run that judged nothing");
        assertEquals("## Fabric TCK: sample 1.0.0: failed as expected (CQ-1), otherwise passed 0 of the selected windows "
                        + "— not a certification",
                SummaryMarkdown.render(result(true, window("CQ-1", null, Outcome.FAIL, "lost")), Set.of("CQ-1"))
                        .lines().findFirst().orElseThrow());
        assertEquals("## Fabric TCK: unknown driver: passed 1 of the selected windows — not a certification",
                heading(new Result(Result.SCHEMA, "0.1.0", null, null, true,
                        List.of(window("CQ-1", null, Outcome.PASS, null)))));
    }

    @Test
    void anEmptyResultHasNoTable() {
        String md = SummaryMarkdown.render(result(true));
        assertFalse(md.contains("| window |"));
        assertTrue(md.contains("- The run judged no window at all.\n"), md);
        assertTrue(md.endsWith("\n") && !md.endsWith("\n\n"));
    }

    @Test
    void driverTextCannotBreakTheTableOrInjectHtml() {
        String hostile = "a|b\\|c`d<script>alert(1)</script>\nline two\r\n| x | y |\n---\n[link](http://x) *e* \u0001";
        WindowResult w = window("CQ-1", null, Outcome.FAIL, hostile);
        w = new WindowResult(w.id(), w.variant(), hostile, w.family(), w.outcome(), w.durationMillis(), hostile,
                List.of(hostile), w.evidence(), hostile, w.trace());
        Result r = new Result(Result.SCHEMA, hostile, new Result.DriverInfo(hostile, hostile),
                new Result.JvmInfo(hostile, hostile), true, List.of(w, window("CQ-2", null, Outcome.PASS, null)));
        String md = SummaryMarkdown.render(r);

        assertFalse(md.contains("\u0001"), md);
        String outsideCodeBlocks = md.replaceAll("(?ms)^(`{3,})[a-z]*\n.*?^\\1\n", "");
        assertTrue(outsideCodeBlocks.contains("&lt;script&gt;"), outsideCodeBlocks);
        assertFalse(outsideCodeBlocks.contains("<script"), outsideCodeBlocks);
        assertTrue(md.contains("```text\na|b\\|c`d<script>alert(1)</script>\nline two\n"), "code blocks show text as is");
        List<String> lines = md.lines().toList();
        int table = lines.indexOf("| window | title | outcome | ms |");
        List<String> rows = lines.subList(table, lines.subList(table, lines.size()).indexOf("") + table);
        assertEquals(4, rows.size(), "heading, delimiter, two windows, nothing else: " + rows);
        for (String row : rows) {
            assertEquals(5, unescapedPipes(row), row);
        }
        assertEquals("| CQ-1 | a\\|b\\\\\\|c\\`d&lt;script&gt;alert(1)&lt;/script&gt;<br>line two<br>\\| x \\| y \\|"
                     + "<br>---<br>\\[link\\](http://x) \\*e\\* \\u0001 | FAIL | 12 |", rows.get(2));
        assertEquals(List.of("##", "###"), md.lines().filter(l -> l.startsWith("#"))
                .map(l -> l.substring(0, l.indexOf(' '))).toList(), "driver text opens no heading");
    }

    @Test
    void aReasonCannotCloseItsCodeBlock() {
        String reason = "before\n```\n# not a heading\n````` five";
        String md = SummaryMarkdown.render(result(true, window("CQ-1", null, Outcome.FAIL, reason)));
        assertTrue(md.contains("``````text\nbefore\n```\n# not a heading\n````` five\n``````\n"), md);
    }

    @Test
    void codeBlocks() {
        assertEquals("```text\nplain\n```\n", SummaryMarkdown.codeBlock("plain", "text"));
        assertEquals("````shell\nrun `x` ```y\n````\n", SummaryMarkdown.codeBlock("run `x` ```y", "shell"));
        assertEquals("```text\na\nb\nc\\u0007\td\n```\n", SummaryMarkdown.codeBlock("a\r\nb\rc\u0007\td", "text"));
    }

    @Test
    void aLongReasonIsCut() {
        String reason = "x".repeat(SummaryMarkdown.REASON_LIMIT + 500);
        String md = SummaryMarkdown.render(result(true, window("CQ-1", null, Outcome.ERROR, reason)));
        assertTrue(md.contains("x".repeat(SummaryMarkdown.REASON_LIMIT) + "\n... (cut; the whole reason is in "
                               + "fabric-tck-result.json)\n```"), md);
        assertFalse(md.contains("x".repeat(SummaryMarkdown.REASON_LIMIT + 1)), "neither in the section nor in the problems");
    }

    @Test
    void cellsAndInlineText() {
        assertEquals("", SummaryMarkdown.cell(null));
        assertEquals("a<br>b", SummaryMarkdown.cell(" a\r\nb \n"));
        assertEquals("x \\| y", SummaryMarkdown.cell("x | y"));
        assertEquals("a b", SummaryMarkdown.inline("a\nb"), "running text stays on its line");
        assertEquals("&amp;lt; \\\\ \\_ \\# \\!", SummaryMarkdown.inline("&lt; \\ _ # !"));
    }

    private static String heading(Result r) {
        return SummaryMarkdown.render(r).lines().findFirst().orElseThrow();
    }

    /** Pipes that separate cells: not preceded by an escaping backslash. */
    private static int unescapedPipes(String row) {
        int pipes = 0;
        for (int i = 0; i < row.length(); i++) {
            char c = row.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '|') {
                pipes++;
            }
        }
        return pipes;
    }
}
