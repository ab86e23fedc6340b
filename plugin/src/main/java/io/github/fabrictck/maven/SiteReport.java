package io.github.fabrictck.maven;

import io.github.fabrictck.report.HtmlReport;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.doxia.sink.Sink;

/**
 * The {@code report} goal's page in the project's site: the verdict table of the result file, then
 * for every window variant that did not pass its whole reason and the command that reproduces it,
 * and a link to {@code report.html} (copied next to the page) for the timelines. Without a result
 * file the page says how to make one. The sink escapes every text.
 *
 * @param resultFile the result file read
 * @param result     its content, or {@code null} when it could not be read
 * @param problem    why there is no result, or {@code null}
 * @param htmlReport the page's link to the copied {@code report.html}, or {@code null} when there is none
 */
record SiteReport(Path resultFile, Result result, String problem, String htmlReport) {

    /** The name of the page (and of the folder {@code report.html} is copied into). */
    static final String OUTPUT_NAME = "fabric-tck";

    /** Reads the result in {@code resultDirectory}; {@code htmlReportCopied} says whether report.html was copied. */
    static SiteReport read(Path resultDirectory, boolean htmlReportCopied) {
        Path file = resultDirectory.resolve(ResultJson.FILE_NAME);
        String link = htmlReportCopied ? OUTPUT_NAME + "/" + HtmlReport.FILE_NAME : null;
        if (!Files.exists(file)) {
            return new SiteReport(file, null, "No Fabric TCK result at " + file + ": run the build's verify phase (the "
                    + "fabric-tck:run goal) before the site, for example mvn verify site.", link);
        }
        try {
            return new SiteReport(file, ResultDocument.read(file), null, link);
        } catch (IOException e) {
            return new SiteReport(file, null, e.getMessage(), link);
        }
    }

    /** Writes the page. */
    void render(Sink sink) {
        sink.head();
        sink.title();
        sink.text("Fabric TCK");
        sink.title_();
        sink.head_();
        sink.body();
        sink.section1();
        sink.sectionTitle1();
        sink.text(result == null || result.driver() == null ? "Fabric TCK"
                : "Fabric TCK: " + result.driver().name() + " " + result.driver().version());
        sink.sectionTitle1_();
        if (result == null) {
            paragraph(sink, problem);
        } else {
            verdicts(sink);
        }
        sink.section1_();
        sink.body_();
        sink.flush();
    }

    private void verdicts(Sink sink) {
        Result.Summary s = result.summary();
        paragraph(sink, "Fabric TCK " + result.tckVersion() + ", JVM "
                + (result.jvm() == null ? "unknown" : result.jvm().version() + " (" + result.jvm().vendor() + ")") + ": "
                + s.pass() + " pass, " + s.fail() + " fail, " + s.error() + " error, " + s.notApplicable()
                + " not applicable" + (result.complete() ? "." : "; the run did not finish."));
        if (htmlReport != null) {
            sink.paragraph();
            sink.link(htmlReport);
            sink.text("The full report");
            sink.link_();
            sink.text(": every window's interleaving as a timeline, its evidence and its events.");
            sink.paragraph_();
        }

        sink.table();
        sink.tableRows(null, false);
        row(sink, true, null, "Window", "Title", "Family", "Outcome", "ms", "Reason");
        for (WindowResult w : result.windows()) {
            row(sink, false, w.outcome() == Outcome.PASS ? null : anchor(w), w.label(), w.title(), w.family(),
                    String.valueOf(w.outcome()), String.valueOf(w.durationMillis()),
                    w.outcome() == Outcome.PASS ? "" : shorten(w.reason()));
        }
        sink.tableRows_();
        sink.table_();

        List<WindowResult> notPassed = result.windows().stream()
                .filter(w -> w.outcome() != Outcome.PASS).toList();
        for (WindowResult w : notPassed) {
            sink.section2();
            sink.sectionTitle2();
            sink.anchor(anchor(w));
            sink.anchor_();
            sink.text(w.label() + " " + w.outcome() + ": " + w.title());
            sink.sectionTitle2_();
            paragraph(sink, w.reason() == null ? "(no reason given)" : w.reason());
            paragraph(sink, "Reproduce:");
            sink.verbatim();
            sink.text(w.reproduce());
            sink.verbatim_();
            sink.section2_();
        }
    }

    /** A row; its first cell links to {@code #link} when {@code link} is not {@code null}. */
    private static void row(Sink sink, boolean header, String link, String... cells) {
        sink.tableRow();
        for (int i = 0; i < cells.length; i++) {
            String cell = cells[i];
            if (header) {
                sink.tableHeaderCell();
            } else {
                sink.tableCell();
            }
            if (i == 0 && link != null) {
                sink.link("#" + link);
                sink.text(cell);
                sink.link_();
            } else {
                sink.text(cell == null ? "" : cell);
            }
            if (header) {
                sink.tableHeaderCell_();
            } else {
                sink.tableCell_();
            }
        }
        sink.tableRow_();
    }

    /** The reason's first line, cut to {@value #REASON_WIDTH} characters; the section below has it whole. */
    static String shorten(String reason) {
        String first = reason == null ? "" : reason.strip().lines().findFirst().orElse("");
        return first.length() <= REASON_WIDTH ? first : first.substring(0, REASON_WIDTH - 3) + "...";
    }

    static final int REASON_WIDTH = 160;

    /** The id of a window variant's section: {@code fabric-tck-CQ-1-a}. */
    static String anchor(WindowResult w) {
        return "fabric-tck-" + w.label().replaceAll("[^A-Za-z0-9_-]", "-");
    }

    private static void paragraph(Sink sink, String text) {
        sink.paragraph();
        sink.text(text);
        sink.paragraph_();
    }
}
