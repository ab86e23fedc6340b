package io.github.fabrictck.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Every report of a result, written together: {@value ResultJson#FILE_NAME} (the contract),
 * {@code TEST-fabric-tck.<driver>.xml} (for CI test reporters, see {@link SurefireXml}),
 * {@value #SUMMARY_FILE_NAME} (for a CI step summary, see {@link SummaryMarkdown}) and
 * {@value HtmlReport#FILE_NAME} (for people, see {@link HtmlReport}).
 */
public final class ReportFiles {

    /** The Markdown summary's name in the output directory. */
    public static final String SUMMARY_FILE_NAME = "summary.md";

    private ReportFiles() {
    }

    /**
     * Writes every report of {@code r} into {@code directory} (created if missing), each file
     * atomically: a reader sees a previous complete file or the new one, never half of one.
     * The result file is written first.
     */
    public static void writeAll(Result r, Path directory) throws IOException {
        writeAll(r, directory, Map.of());
    }

    /**
     * Writes every report of {@code r} as {@link #writeAll(Result, Path)} does, with the catalog's
     * description of each window (by window id) in {@value HtmlReport#FILE_NAME}.
     */
    public static void writeAll(Result r, Path directory, Map<String, WindowInfo> catalog) throws IOException {
        ResultJson.write(r, directory.resolve(ResultJson.FILE_NAME));
        AtomicFile.write(directory.resolve(SurefireXml.fileName(r)), SurefireXml.render(r));
        AtomicFile.write(directory.resolve(SUMMARY_FILE_NAME), SummaryMarkdown.render(r, java.util.Set.of(), catalog));
        AtomicFile.write(directory.resolve(HtmlReport.FILE_NAME), HtmlReport.render(r, catalog));
    }

    /** The names of the files {@link #writeAll} writes for {@code r}, in the order it writes them. */
    public static List<String> fileNames(Result r) {
        return List.of(ResultJson.FILE_NAME, SurefireXml.fileName(r), SUMMARY_FILE_NAME, HtmlReport.FILE_NAME);
    }
}
