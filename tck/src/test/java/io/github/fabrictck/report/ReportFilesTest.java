package io.github.fabrictck.report;

import static io.github.fabrictck.report.Fixtures.result;
import static io.github.fabrictck.report.Fixtures.window;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportFilesTest {

    @TempDir
    Path dir;

    private final Result sample = result(true,
            window("CQ-1", "a", Outcome.PASS, null),
            window("CQ-1", "b", Outcome.FAIL, "lost \u00e9\uD83D\uDE00"),
            window("CS-1", null, Outcome.NOT_APPLICABLE, "no connection-setup"));

    @Test
    void fileNames() {
        assertEquals(List.of("fabric-tck-result.json", "TEST-fabric-tck.sample.xml", "summary.md", "report.html"),
                ReportFiles.fileNames(sample));
    }

    @Test
    void writesEveryReportIntoANewDirectory() throws IOException {
        Path out = dir.resolve("target/fabric-tck");
        ReportFiles.writeAll(sample, out);
        assertEquals(ReportFiles.fileNames(sample), List.of("fabric-tck-result.json", "TEST-fabric-tck.sample.xml",
                "summary.md", "report.html"));
        assertEquals(ReportFiles.fileNames(sample).stream().sorted().toList(), list(out));
        assertEquals(sample, ResultJson.read(out.resolve(ResultJson.FILE_NAME)));
        assertEquals(SurefireXml.render(sample), Files.readString(out.resolve("TEST-fabric-tck.sample.xml"),
                StandardCharsets.UTF_8));
        assertEquals(SummaryMarkdown.render(sample), Files.readString(out.resolve("summary.md"), StandardCharsets.UTF_8));
        assertEquals(HtmlReport.render(sample), Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8));
    }

    @Test
    void theHtmlReportCarriesTheCatalogsDescriptionWhenGivenOne() throws IOException {
        WindowInfo info = WindowInfo.of("CQ-1", "lost final completion", "completion-queue", "https://example.org/133",
                "the last completion sat in the CQ", new String[] {"step one", "step two"},
                new String[] {"every completion is delivered"}, "re-arm before publishing progress");
        ReportFiles.writeAll(sample, dir, Map.of("CQ-1", info));
        assertEquals(HtmlReport.render(sample, Map.of("CQ-1", info)),
                Files.readString(dir.resolve(HtmlReport.FILE_NAME), StandardCharsets.UTF_8));
    }

    @Test
    void replacesThePreviousReportsAndLeavesNoTemporaryFile() throws IOException {
        ReportFiles.writeAll(result(false, window("CQ-1", "a", Outcome.PASS, null)), dir);
        ReportFiles.writeAll(sample, dir);
        assertEquals(ReportFiles.fileNames(sample).stream().sorted().toList(), list(dir));
        assertEquals(sample, ResultJson.read(dir.resolve(ResultJson.FILE_NAME)));
        assertEquals(SurefireXml.render(sample), Files.readString(dir.resolve(SurefireXml.fileName(sample))));
        assertEquals(SummaryMarkdown.render(sample), Files.readString(dir.resolve(ReportFiles.SUMMARY_FILE_NAME)));
    }

    @Test
    void theXmlFileIsValidAsWritten() throws Exception {
        ReportFiles.writeAll(sample, dir);
        String xml = Files.readString(dir.resolve(SurefireXml.fileName(sample)), StandardCharsets.UTF_8);
        SurefireXmlTest.validate(xml, "surefire-test-report.xsd");
    }

    @Test
    void atomicFileWritesUtf8AndReplaces() throws IOException {
        Path file = dir.resolve("sub/a.txt");
        AtomicFile.write(file, "first");
        AtomicFile.write(file, "second \u00e9\uD83D\uDE00");
        assertEquals("second \u00e9\uD83D\uDE00", new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
        assertEquals(List.of("a.txt"), list(dir.resolve("sub")));
    }

    private static List<String> list(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
