package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.doxia.sink.impl.Xhtml5BaseSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SiteReportTest {

    @TempDir
    Path dir;

    private static String render(SiteReport report) {
        StringWriter out = new StringWriter();
        Xhtml5BaseSink sink = new Xhtml5BaseSink(out);
        report.render(sink);
        sink.close();
        return out.toString();
    }

    @Test
    void theVerdictTableWithEachReasonAndReproduceCommand() throws IOException {
        WindowResult pass = new WindowResult("CQ-1", "a", "lost (a)", "completion-queue", Outcome.PASS, 12, null,
                List.of(), Evidence.none(), "mvn run -Dfabric-tck.windows=CQ-1", List.of());
        WindowResult fail = new WindowResult("CQ-2", null, "missed <event>", "completion-queue", Outcome.FAIL, 34,
                "no driver thread is idle while <script>alert(1)</script>\nsecond line", List.of("x"), Evidence.none(),
                "mvn run -Dfabric-tck.driver=\"><img src=x> -Dfabric-tck.windows=CQ-2", List.of());
        ReportFiles.writeAll(new Result(Result.SCHEMA, "0.1.0", new Result.DriverInfo("acme", "2.0"),
                new Result.JvmInfo("17.0.15", "Debian"), true, List.of(pass, fail)), dir);

        String html = render(SiteReport.read(dir, true));

        assertTrue(html.contains("Fabric TCK: acme 2.0"), html);
        assertTrue(html.contains("Fabric TCK 0.1.0, JVM 17.0.15 (Debian): 1 pass, 1 fail, 0 error, 0 not applicable."), html);
        assertTrue(html.contains("<a href=\"fabric-tck/report.html\">The full report</a>"), html);
        for (String cell : List.of("Window", "Title", "Family", "Outcome", "ms", "Reason", "CQ-1/a", "lost (a)", "PASS",
                "12", "CQ-2", "missed &lt;event&gt;", "FAIL", "34")) {
            assertTrue(html.contains(">" + cell + "</"), cell + " in " + html);
        }
        assertTrue(html.contains("no driver thread is idle while &lt;script&gt;alert(1)&lt;/script&gt;</td>"), html);
        assertTrue(html.contains("<a href=\"#fabric-tck-CQ-2\">CQ-2</a>"), "a failing row links to its section: " + html);
        assertTrue(html.contains("id=\"fabric-tck-CQ-2\""), html);
        assertTrue(html.contains("CQ-2 FAIL: missed &lt;event&gt;"), html);
        assertTrue(html.contains("second line"), "the whole reason below the table");
        assertTrue(html.contains("mvn run -Dfabric-tck.driver=&quot;&gt;&lt;img src=x&gt; -Dfabric-tck.windows=CQ-2"), html);
        assertFalse(html.contains("<script>") || html.contains("<img"), html);
        assertFalse(html.contains("CQ-1/a PASS:"), "a PASS has no section");
    }

    @Test
    void aLongReasonIsCutInTheTableOnly() {
        assertEquals("short", SiteReport.shorten("short\nmore"));
        assertEquals("x".repeat(157) + "...", SiteReport.shorten("x".repeat(400)));
        assertEquals("", SiteReport.shorten(null));
    }

    @Test
    void withoutAResultThePageSaysHowToMakeOne() {
        SiteReport report = SiteReport.read(dir, false);
        assertNull(report.result());
        assertEquals("No Fabric TCK result at " + dir.resolve("fabric-tck-result.json") + ": run the build's verify phase "
                + "(the fabric-tck:run goal) before the site, for example mvn verify site.", report.problem());
        assertTrue(render(report).contains(report.problem()));
    }
}
