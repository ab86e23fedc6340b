package io.github.fabrictck.report;

import java.util.ArrayList;
import java.util.List;

/** The verdicts of a run as a plain-text table for the console. */
public final class VerdictTable {

    /** A longer reason is cut here; the result file and the reports carry it whole. */
    static final int REASON_WIDTH = 100;

    private static final String[] HEADINGS = {"WINDOW", "TITLE", "OUTCOME", "MILLIS", "REASON"};

    private VerdictTable() {
    }

    /**
     * A header line naming the driver, the kit and the JVM, one aligned row per window variant
     * (label, title, outcome, duration and, unless it passed, the first line of the reason), and
     * a summary line. Lines end with {@code \n}.
     */
    public static String render(Result r) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADINGS);
        java.util.Map<String, String> settings = r.run() == null ? java.util.Map.of() : r.run().settings();
        for (WindowResult w : r.windows()) {
            String reason = w.outcome() == Outcome.PASS ? "" : shorten(w.reason());
            String outcome = w.outcome() + (w.repeat() == null ? ""
                    : w.repeat().note(w.outcome(), RepeatStats.seedBlocks(w.id(), settings)));
            rows.add(new String[] {w.label(), text(w.title()), outcome,
                    String.valueOf(w.durationMillis()), reason});
        }
        int[] widths = new int[HEADINGS.length];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }

        StringBuilder out = new StringBuilder();
        out.append(header(r)).append('\n');
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.length; c++) {
                if (c > 0) {
                    line.append("  ");
                }
                // The duration column is numeric: right-aligned so that magnitudes line up.
                String cell = c == 3 && row != HEADINGS ? " ".repeat(widths[c] - row[c].length()) + row[c]
                        : row[c] + " ".repeat(widths[c] - row[c].length());
                line.append(cell);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        Result.Summary s = r.summary();
        out.append(s.pass()).append(" pass, ").append(s.fail()).append(" fail, ").append(s.error())
                .append(" error, ").append(s.notApplicable()).append(" not applicable");
        if (!r.complete()) {
            out.append(" (the run did not finish)");
        }
        return out.append('\n').toString();
    }

    private static String header(Result r) {
        String driver = r.driver() == null ? "?" : text(r.driver().name()) + " " + text(r.driver().version());
        String jvm = r.jvm() == null ? "?" : text(r.jvm().version()) + " (" + text(r.jvm().vendor()) + ")";
        return "Fabric TCK " + text(r.tckVersion()) + " - driver " + driver + " - JVM " + jvm;
    }

    /** The first line of {@code reason}, cut to {@value #REASON_WIDTH} characters. */
    static String shorten(String reason) {
        if (reason == null || reason.isBlank()) {
            return "";
        }
        String first = reason.strip().lines().findFirst().orElse("").strip();
        boolean more = first.length() < reason.strip().length();
        if (first.length() > REASON_WIDTH) {
            return first.substring(0, REASON_WIDTH - 3) + "...";
        }
        return more ? first + " ..." : first;
    }

    private static String text(String s) {
        return s == null ? "?" : s;
    }
}
