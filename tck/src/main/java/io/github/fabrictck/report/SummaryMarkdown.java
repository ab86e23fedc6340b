package io.github.fabrictck.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A result as a Markdown summary for a CI step summary (GitHub's {@code $GITHUB_STEP_SUMMARY}, a
 * GitLab or Jenkins Markdown report).
 *
 * <p>A heading with the driver and the verdict ({@code certified}, {@code N problems} or
 * {@code incomplete run}, judged as {@link Verification#problems} does), the problems, a table of every
 * window variant, the NOT_APPLICABLE ones named in one line, and for each FAIL or ERROR a section with
 * its reason, what to check (a FAIL, from the catalog) and the command that reproduces it. Text from the driver cannot break the table or inject HTML: it is escaped in
 * running text and table cells, and put in fenced code blocks longer than any run of backticks it holds.
 */
public final class SummaryMarkdown {

    /** A longer reason is cut in its section; the result file carries it whole. */
    static final int REASON_LIMIT = 2000;

    private SummaryMarkdown() {
    }

    /** The summary of a run with no expected failure. */
    public static String render(Result r) {
        return render(r, Set.of());
    }

    /**
     * The summary, judged with the expected failures {@code expectFail} (window ids), as the verify
     * goal judges. Lines end with {@code \n}.
     */
    public static String render(Result r, Set<String> expectFail) {
        return render(r, expectFail, Map.of());
    }

    /**
     * The summary, judged with the expected failures {@code expectFail} (window ids), each FAIL with
     * what to check from the catalog's description of its window ({@code catalog}, by window id), headed
     * "certified" only when the run is a certification of the driver against {@code catalog}
     * ({@link Verification#standing}). Lines end with {@code \n}.
     */
    public static String render(Result r, Set<String> expectFail, Map<String, WindowInfo> catalog) {
        List<String> problems = Verification.problems(r, expectFail);
        StringBuilder md = new StringBuilder();

        String driver = r.driver() == null ? "unknown driver"
                : inline(orUnknown(r.driver().name())) + " " + inline(orUnknown(r.driver().version()));
        md.append("## Fabric TCK: ").append(driver).append(": ").append(verdict(r, problems, expectFail, catalog)).append("\n\n");

        String jvm = r.jvm() == null ? "unknown" : inline(orUnknown(r.jvm().version())) + " ("
                + inline(orUnknown(r.jvm().vendor())) + ")";
        Result.Summary s = r.summary();
        md.append("Fabric TCK ").append(inline(orUnknown(r.tckVersion()))).append(", JVM ").append(jvm).append(": ")
                .append(s.pass()).append(" pass, ").append(s.fail()).append(" fail, ").append(s.error())
                .append(" error, ").append(s.notApplicable()).append(" not applicable")
                .append(r.complete() ? "" : " (the run did not finish)").append(".\n\n");

        // what a library's verdicts are of: the adapter's own declaration and the jars it read
        for (Result.AdapterDeclaration a : r.adapters()) {
            md.append("- ").append(inline(a.sentence())).append('\n');
        }
        if (!r.adapters().isEmpty()) {
            md.append('\n');
        }

        if (!problems.isEmpty()) {
            md.append(problems.size() == 1 ? "Problem:\n\n" : "Problems:\n\n");
            for (String problem : problems) {
                md.append("- ").append(inline(cut(problem, " ..."))).append('\n');
            }
            md.append('\n');
        }

        if (!r.windows().isEmpty()) {
            md.append("| window | title | outcome | ms |\n");
            md.append("|---|---|---|---:|\n");
            for (WindowResult w : r.windows()) {
                md.append("| ").append(cell(w.label())).append(" | ").append(cell(w.title())).append(" | ")
                        .append(outcome(w.outcome())).append(" | ").append(w.durationMillis()).append(" |\n");
            }
            md.append('\n');
        }

        // NOT_APPLICABLE is a design property, not a problem: one line names them, the reports give each reason
        List<String> notApplicable = r.windows().stream().filter(w -> w.outcome() == Outcome.NOT_APPLICABLE)
                .map(w -> inline(w.label())).toList();
        if (!notApplicable.isEmpty()) {
            md.append("Not applicable: ").append(String.join(", ", notApplicable)).append(" (each reason is in ")
                    .append(ResultJson.FILE_NAME).append(" and ").append(HtmlReport.FILE_NAME).append(").\n\n");
        }

        for (WindowResult w : r.windows()) {
            if (w.outcome() == Outcome.PASS || w.outcome() == Outcome.NOT_APPLICABLE) {
                continue;
            }
            md.append("### ").append(inline(w.label())).append(' ').append(outcome(w.outcome()));
            if (w.title() != null && !w.title().isBlank()) {
                md.append(": ").append(inline(w.title().strip()));
            }
            md.append("\n\n");
            if (!w.violated().isEmpty()) {
                md.append("Violated: ").append(inline(String.join("; ", w.violated()))).append("\n\n");
            }
            String reason = w.reason() == null || w.reason().isBlank() ? "(no reason given)" : w.reason().strip();
            reason = cut(reason, "\n... (cut; the whole reason is in " + ResultJson.FILE_NAME + ")");
            md.append("Reason:\n\n").append(codeBlock(reason, "text")).append('\n');
            WindowInfo info = catalog.get(w.id());
            if (w.outcome() == Outcome.FAIL && info != null && info.onFailure() != null && !info.onFailure().isBlank()) {
                md.append("What to check: ").append(inline(info.onFailure().strip())).append("\n\n");
            }
            if (w.reproduce() != null && !w.reproduce().isBlank()) {
                md.append("Reproduce:\n\n").append(codeBlock(w.reproduce().strip(), "shell")).append('\n');
            }
        }
        return md.toString().stripTrailing() + "\n";
    }

    private static String verdict(Result r, List<String> problems, Set<String> expectFail,
                                  Map<String, WindowInfo> catalog) {
        if (!r.complete()) {
            return "incomplete run";
        }
        if (r.run() != null && r.run().shard() != null) {
            return inline(Verification.shardReason(r.run().shard()));
        }
        if (!problems.isEmpty()) {
            return problems.size() == 1 ? "1 problem" : problems.size() + " problems";
        }
        Set<String> failedAsExpected = new TreeSet<>();
        r.windows().stream().filter(w -> expectFail.contains(w.id())).forEach(w -> failedAsExpected.add(w.id()));
        String standing = inline(Verification.standing(r, catalog).phrase());
        return failedAsExpected.isEmpty() ? standing
                : "failed as expected (" + inline(String.join(", ", failedAsExpected)) + "), otherwise " + standing;
    }

    /** {@code s} cut to {@value #REASON_LIMIT} characters (not inside a surrogate pair), then {@code mark}. */
    private static String cut(String s, String mark) {
        if (s.length() <= REASON_LIMIT) {
            return s;
        }
        int end = Character.isHighSurrogate(s.charAt(REASON_LIMIT - 1)) ? REASON_LIMIT - 1 : REASON_LIMIT;
        return s.substring(0, end) + mark;
    }

    private static String outcome(Outcome o) {
        return o == null ? "no outcome" : o.name().replace('_', ' ');
    }

    // ---------------------------------------------------------------- escaping

    /**
     * {@code s} as text inside a table cell: also a line break is {@code <br>} (the only HTML written,
     * and written by the kit) so that a cell stays on its row.
     */
    static String cell(String s) {
        if (s == null) {
            return "";
        }
        return String.join("<br>", s.strip().lines().map(SummaryMarkdown::inline).toList());
    }

    /**
     * {@code s} as running Markdown text that renders literally: Markdown punctuation is
     * backslash-escaped, {@code < > &} are entities (no HTML, no autolink), control characters are
     * written as {@code \}{@code uXXXX}, and a line break is a space: a line of its own could be read
     * as a heading underline, a list item or a code block.
     */
    static String inline(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '\\', '`', '*', '_', '[', ']', '|', '~', '#', '!', '{', '}' -> out.append('\\').append(c);
                case '\n', '\r', '\t' -> out.append(' ');
                default -> out.append(printable(c));
            }
        }
        return out.toString();
    }

    /**
     * {@code text} in a fenced code block whose fence is longer than any run of backticks in it, so
     * that nothing in {@code text} can close the block.
     */
    static String codeBlock(String text, String language) {
        String body = text.replace("\r\n", "\n").replace('\r', '\n');
        StringBuilder printable = new StringBuilder(body.length());
        int longestRun = 0, run = 0;
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            run = c == '`' ? run + 1 : 0;
            longestRun = Math.max(longestRun, run);
            printable.append(c == '\n' || c == '\t' ? String.valueOf(c) : printable(c));
        }
        String fence = "`".repeat(Math.max(3, longestRun + 1));
        return fence + language + "\n" + printable + "\n" + fence + "\n";
    }

    private static String printable(char c) {
        return c < 0x20 || c == 0x7F ? String.format(Locale.ROOT, "\\u%04X", (int) c) : String.valueOf(c);
    }

    private static String orUnknown(String s) {
        return s == null || s.isBlank() ? "unknown" : s;
    }
}
