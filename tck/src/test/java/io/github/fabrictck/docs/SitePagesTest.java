package io.github.fabrictck.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.launcher.Catalog;
import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowInfo;
import io.github.fabrictck.report.WindowResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SitePagesTest {

    @TempDir
    Path dir;

    @Test
    void theCatalogsMetadataIsReadFromEveryWindowWithItsVariants() {
        Map<String, WindowInfo> info = Catalog.discover().info();
        assertEquals(List.copyOf(Catalog.discover().windows().keySet()), List.copyOf(info.keySet()));
        WindowInfo cq1 = info.get("CQ-1");
        assertEquals("completion-queue", cq1.family());
        assertEquals(List.of("a", "b", "lost-signal", "waiter-first"), cq1.variants().stream().map(v -> v.substring(0, v.indexOf(':'))).toList());
        assertTrue(cq1.source().startsWith("https://") && cq1.interleaving().size() >= 3, cq1.toString());
        assertEquals(List.of(), info.get("CQ-2").variants());
    }

    @Test
    void generatesTheCatalogAndCopiesTheSampleReport() throws IOException {
        Path sample = dir.resolve("sample-driver/target/fabric-tck");
        WindowResult pass = new WindowResult("CQ-1", "a", "lost", "completion-queue", Outcome.PASS, 3, null, List.of(),
                new Evidence(true, List.of(new Evidence.Hold("irq", "call CompletionQueue.requestNotify", "Sample.java:1")), 3, 1),
                "mvn x", List.of());
        ReportFiles.writeAll(new Result(Result.SCHEMA, "0.1.0", new Result.DriverInfo("sample", "1"),
                new Result.JvmInfo("17", "x"), true, List.of(pass)), sample);
        Path markdown = dir.resolve("site/target/generated-site/markdown");
        Path site = dir.resolve("site/target/site");

        String message = SitePages.generate(markdown, sample, site);

        assertTrue(message.contains("sample report copied from"), message);
        String catalog = Files.readString(markdown.resolve("catalog.md"));
        for (String id : Catalog.discover().windows().keySet()) {
            assertTrue(catalog.contains("\n## " + id + ": "), id);
        }
        assertEquals(Files.readString(sample.resolve("report.html")), Files.readString(site.resolve("sample-report/report.html")));
        String page = Files.readString(markdown.resolve("sample-report.md"));
        assertTrue(page.contains("**[Open the report](sample-report/report.html)**"), page);
        assertTrue(page.contains("## Fabric TCK: sample 1: passed 1 of the selected windows — not a certification"), page);
    }

    @Test
    void saysSoWhenTheSampleReportIsAbsent() throws IOException {
        Path markdown = dir.resolve("md");
        Path site = dir.resolve("site");
        Files.createDirectories(site.resolve("sample-report"));
        Files.writeString(site.resolve("sample-report/report.html"), "stale");

        String message = SitePages.generate(markdown, dir.resolve("nowhere"), site);

        assertTrue(message.contains("NO sample report at"), message);
        assertFalse(Files.exists(site.resolve("sample-report/report.html")), "a stale copy is not published");
        String page = Files.readString(markdown.resolve("sample-report.md"));
        assertTrue(page.contains("**No report of the sample driver was found when this site was built**"), page);
        assertTrue(page.contains("./mvnw -B verify"), page);
    }
}
