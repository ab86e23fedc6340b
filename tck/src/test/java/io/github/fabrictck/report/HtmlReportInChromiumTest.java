package io.github.fabrictck.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.launcher.Catalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report.html} of a failing run, opened in headless Chromium (Debian's package): the script
 * ran, the timelines were laid out (their lanes, marks and hold bars have a size), and the failing
 * window is shown with its explanation. Screenshots go to {@code target/report-screenshots/}.
 * Skipped, with a reason, where {@code /usr/bin/chromium} is absent.
 */
class HtmlReportInChromiumTest {

    static final Path SCREENSHOTS = Path.of("target", "report-screenshots");

    @TempDir
    Path temp;

    @BeforeEach
    void chromiumIsInstalled() {
        Chromium.assumeInstalled();
    }

    @Test
    void theTimelineOfAFailingWindowRendersAndTheFailureIsShown() throws Exception {
        Result r = ReportFixtures.brokenCq1();
        Path dir = SCREENSHOTS.resolve("broken-cq-1");
        ReportFiles.writeAll(r, dir, Catalog.discover().info());
        Path page = dir.resolve(HtmlReport.FILE_NAME).toAbsolutePath();

        Path png = SCREENSHOTS.resolve("broken-cq-1-report.png");
        String dom = Chromium.open(page, png, 1400, 2400, temp.resolve("profile"));

        assertTrue(dom.contains("data-rendered-timelines=\"2\""), "both timelines laid out: " + head(dom));
        WindowResult a = r.windows().get(0);
        Timeline timeline = Timeline.of(a);
        String svg = element(dom, "<svg class=\"timeline\"", "</svg>", 0);
        assertEquals(String.valueOf(timeline.lanes().size()), attribute(svg, "data-rendered-lanes"), svg.substring(0, 400));
        assertEquals(String.valueOf(a.trace().size()), attribute(svg, "data-rendered-marks"));
        assertEquals("1", attribute(svg, "data-rendered-holds"));
        assertTrue(svg.contains("data-lane=\"device / kit\"") && svg.contains("data-lane=\"device-interrupt\"")
                   && svg.contains("data-lane=\"app\""), "a lane per thread plus the device's");
        assertEquals(1, count(svg, "violation\""), "one event is the verdict's");
        assertTrue(svg.contains("class=\"mark k-device violation\" href=\"#w0-e47\""), "the completion no event announced");
        assertEquals("0", attribute(svg, "data-overlapping-labels"), "labels do not overlap");

        String section = element(dom, "<section class=\"window FAIL\" id=\"w0\"", "</section>", 0);
        assertFalse(attribute(section.substring(0, section.indexOf('>')), "hidden") != null, "the FAIL is shown");
        assertTrue(section.contains("<details class=\"about\" open=\"\">"), "the window's description is open");
        assertTrue(section.contains("BeeGFS"), "the source bug is named");
        assertTrue(section.contains("<p class=\"violated\">Violated: <b>no driver thread is idle"), "the violation");

        byte[] bytes = Files.readAllBytes(png);
        assertTrue(bytes.length > 20_000 && bytes[1] == 'P' && bytes[2] == 'N' && bytes[3] == 'G',
                png + " is a PNG with content: " + bytes.length + " bytes");
    }

    @Test
    void aFailOfThousandsOfEventsCollapsesItsQuietStretchesAndOpensAtItsVerdict() throws Exception {
        Path dir = SCREENSHOTS.resolve("thousands");
        ReportFiles.writeAll(ReportFixtures.thousandsOfEvents(), dir, Catalog.discover().info());
        String dom = Chromium.open(dir.resolve(HtmlReport.FILE_NAME).toAbsolutePath(),
                SCREENSHOTS.resolve("thousands-of-events-report.png"), 1400, 1600, temp.resolve("profile"));

        assertTrue(dom.contains("data-rendered-timelines=\"1\""), head(dom));
        String svg = element(dom, "<svg class=\"timeline\"", "</svg>", 0);
        int marks = Integer.parseInt(attribute(svg, "data-rendered-marks"));
        assertTrue(marks > 40 && marks + count(svg, "class=\"stretch\"") <= Timeline.LIMIT, marks + " marks");
        assertEquals("0", attribute(svg, "data-overlapping-labels"), "labels do not overlap");
        assertEquals(1, count(svg, "violation\""), "one event is the verdict's");
        assertTrue(svg.contains("<title>#2201 880.0 ms fabric: data #2200 dropped: stale peer\n(the event the verdict"),
                "the dropped data, which the reason names");
        assertFalse(dom.contains("are not drawn"), "no event is cut from the timeline");
        String scroll = element(dom, "<div class=\"scroll\"", ">", 0);
        String left = attribute(scroll, "data-scroll-left");
        assertTrue(Integer.parseInt(left) > 0, "opened at the verdict's event: " + scroll);
        assertTrue(svg.contains("<g class=\"lane-labels\" transform=\"translate(" + left + " 0)\">"),
                "the lanes' names follow the scroll: " + element(svg, "<g class=\"lane-labels\"", ">", 0));
    }

    @Test
    void anAllPassReportOfTheWholeCatalogIsSmallAndItsLabelsDoNotOverlap() throws Exception {
        Path dir = SCREENSHOTS.resolve("all-pass");
        ReportFiles.writeAll(ReportFixtures.allPass(), dir, Catalog.discover().info());
        Path page = dir.resolve(HtmlReport.FILE_NAME).toAbsolutePath();
        int variants = Catalog.discover().entries().size();
        assertTrue(Files.size(page) < (long) HtmlReportTest.BYTES_PER_VARIANT * variants, page + ": " + Files.size(page)
                + " bytes for " + variants + " variants");
        String dom = Chromium.open(page, SCREENSHOTS.resolve("all-pass-report.png"), 1400, 3000, temp.resolve("profile"));
        assertTrue(dom.contains("data-rendered-timelines=\"" + variants + "\""), head(dom));
        assertEquals(variants, count(dom, "data-overlapping-labels=\"0\""), "no timeline has overlapping labels");
    }

    @Test
    void aHostileDriversMarkupStaysTextInTheBrowser() throws Exception {
        Path dir = SCREENSHOTS.resolve("hostile");
        ReportFiles.writeAll(ReportFixtures.hostile(), dir, ReportFixtures.hostileCatalog());
        String dom = Chromium.open(dir.resolve(HtmlReport.FILE_NAME).toAbsolutePath(),
                SCREENSHOTS.resolve("hostile-driver-report.png"), 1400, 1400, temp.resolve("profile"));

        assertTrue(dom.contains("data-rendered-timelines=\"1\""), "the page's own script ran: " + head(dom));
        assertFalse(dom.contains("<img"), "no element from the driver's text");
        assertEquals(1, count(dom, "<script"), "only the report's own script");
        assertFalse(hasEventHandlerAttribute(dom), "no event handler attribute");
        assertTrue(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the markup is shown as text");
    }

    /** Whether any element of the serialised DOM has an {@code on...} attribute. */
    private static boolean hasEventHandlerAttribute(String dom) {
        Matcher tag = Pattern.compile("<[a-zA-Z][^>]*>").matcher(dom);
        while (tag.find()) {
            // attribute values are serialised with &quot; and &lt; &gt; escaped, so a tag ends at its first >
            if (Pattern.compile("\\son[a-z]+\\s*=", Pattern.CASE_INSENSITIVE)
                    .matcher(tag.group().replaceAll("\"[^\"]*\"", "\"\"")).find()) {
                return true;
            }
        }
        return false;
    }

    private static String element(String dom, String start, String end, int from) {
        int i = dom.indexOf(start, from);
        assertTrue(i >= 0, "no " + start + " in " + head(dom));
        return dom.substring(i, dom.indexOf(end, i) + end.length());
    }

    private static String attribute(String element, String name) {
        Matcher m = Pattern.compile("\\s" + Pattern.quote(name) + "(=\"([^\"]*)\")?[\\s>]").matcher(element);
        if (!m.find()) {
            return null;
        }
        return m.group(2) == null ? "" : m.group(2);
    }

    private static String head(String dom) {
        int body = dom.indexOf("<body");
        return dom.substring(Math.max(0, body), Math.min(dom.length(), Math.max(0, body) + 300));
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + part.length())) {
            n++;
        }
        return n;
    }
}
