package io.github.fabrictck.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
        for (Map.Entry<String, String> file : render(r, catalog).entrySet()) {
            write(directory.resolve(file.getKey()), file.getValue());
        }
    }

    /**
     * Every report of {@code r} by file name, in the order {@link #writeAll} writes them, the result
     * file first: for a writer that writes (and reports a failure of) each file on its own.
     */
    public static Map<String, String> render(Result r, Map<String, WindowInfo> catalog) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(ResultJson.FILE_NAME, Json.pretty(ResultJson.toJson(r)));
        files.putAll(renderReports(r, catalog));
        return files;
    }

    /**
     * Every report of {@code r} but the result file, by file name: for Maven's process, which writes
     * the result file itself (through Jackson).
     */
    public static Map<String, String> renderReports(Result r, Map<String, WindowInfo> catalog) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(SurefireXml.fileName(r), SurefireXml.render(r));
        files.put(SUMMARY_FILE_NAME, SummaryMarkdown.render(r, Set.of(), catalog));
        files.put(HtmlReport.FILE_NAME, HtmlReport.render(r, catalog));
        return files;
    }

    /**
     * Writes {@code text} as UTF-8 to {@code file} atomically (a reader sees the previous content or
     * the new one); parent directories are created.
     */
    public static void write(Path file, String text) throws IOException {
        AtomicFile.write(file, text);
    }

    /** The names of the files {@link #writeAll} writes for {@code r}, in the order it writes them. */
    public static List<String> fileNames(Result r) {
        return List.of(ResultJson.FILE_NAME, SurefireXml.fileName(r), SUMMARY_FILE_NAME, HtmlReport.FILE_NAME);
    }
}
