package io.github.fabrictck.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HtmlReportTest {

    /** Every element the report writes; anything else would have come from a driver. */
    private static final Set<String> ELEMENTS = Set.of("html", "head", "meta", "title", "style", "body", "header", "h1",
            "h2", "h3", "dl", "dt", "dd", "b", "p", "section", "div", "label", "input", "span", "table", "thead", "tbody",
            "tr", "th", "td", "a", "details", "summary", "ol", "ul", "li", "code", "button", "pre", "svg", "g", "rect", "wbr",
            "line", "text", "circle", "path", "footer", "script");

    /** Every attribute the report writes. */
    private static final Set<String> ATTRIBUTES = Set.of("lang", "charset", "name", "content", "http-equiv", "class",
            "id", "href", "rel", "data-outcome", "data-filter", "data-copy", "data-lane", "data-event", "type", "checked",
            "open", "role", "aria-label", "xmlns", "width", "height", "viewbox", "x", "y", "x1", "y1", "x2", "y2", "cx",
            "cy", "r", "rx", "d", "colspan");

    private static final WindowInfo CQ1 = WindowInfo.of("CQ-1", "lost final completion", "completion-queue",
            "https://github.com/ThinkParQ/beegfs/pull/133",
            "BeeGFS client IBVSocket: a 10 s benchmark hung for 5 minutes about once in 50 runs",
            new String[] {"completion X arrives on an armed CQ: the event fires, the CQ disarms, the handler starts",
                "the handler bumps its progress counter",
                "the last completion Y is enqueued: the CQ is not armed, so no event"},
            new String[] {"every completion is consumed within a bound after it was enqueued",
                "no driver thread is idle while a completion queue holds a completion that no event will announce"},
            "Check the order in your completion handler: re-arm before publishing progress.");

    @Test
    void showsWhoJudgedWhomTheVerdictTableAndEveryWindow() throws IOException {
        Result r = ReportFixtures.wholeCatalog();
        String html = HtmlReport.render(r, Map.of("CQ-1", CQ1));
        assertTrue(html.startsWith("<!DOCTYPE html>\n<html lang=\"en\">"));
        assertTrue(html.contains("<dt>Driver</dt><dd class=\"driver\"><b>kill-matrix</b> 0.1.0-SNAPSHOT</dd>"
                + "<dt>TCK</dt><dd>Fabric TCK 0.1.0-SNAPSHOT</dd><dt>JVM</dt><dd>17.0.15 (Debian)</dd>"), html);
        assertTrue(html.contains("<p class=\"summary\">1 pass, 5 fail, 0 error, 0 not applicable (6 window variants)</p>"),
                html);
        for (Outcome o : Outcome.values()) {
            assertTrue(html.contains("<input type=\"checkbox\" data-filter=\"" + o.name() + "\" checked>"), o.name());
        }
        for (int i = 0; i < r.windows().size(); i++) {
            WindowResult w = r.windows().get(i);
            assertTrue(html.contains("<tr data-outcome=\"" + w.outcome() + "\"><td><a href=\"#w" + i + "\">"
                    + w.label() + "</a></td><td>" + Html.escape(w.title()) + "</td><td>completion-queue</td>"), w.label());
            assertTrue(html.contains("<section class=\"window " + w.outcome() + "\" id=\"w" + i + "\" data-outcome=\""
                    + w.outcome() + "\">"), w.label());
            assertTrue(html.contains("<code id=\"w" + i + "-cmd\">" + Html.escape(w.reproduce()) + "</code> "
                    + "<button type=\"button\" class=\"copy\" data-copy=\"w" + i + "-cmd\">Copy</button>"), w.label());
        }
        assertEquals(r.windows().size(), count(html, "<svg class=\"timeline\""));
    }

    @Test
    void listsTheLibraryCallSitesTheAgentRewroteAndNoneForAnSpiDriver() throws IOException {
        Result r = ReportFixtures.wholeCatalog();
        String adapted = HtmlReport.render(Fixtures.withCallSites(r), Map.of());
        assertTrue(adapted.contains("<section id=\"call-sites\">\n<h2>Library call sites the agent rewrote</h2>\n"
                + "<p>The agent changes the library's bytecode only at these 2 call sites, and nowhere else: 1 call(s) to "
                + "the adapter's boundary types became points (the environment serves them); 1 call(s) to native code the "
                + "adapter stubs became nothing.</p>"), adapted);
        assertTrue(adapted.contains("<tr><td><code>com.ibm.disni.verbs.IbvCompChannel.getCqEvent(IbvCompChannel.java:83)"
                + "</code></td><td>boundary</td><td><code>RdmaVerbs.getCqEvent</code></td></tr>"), adapted);
        assertTrue(adapted.contains("<tr><td><code>com.ibm.disni.RdmaCqProcessor.run(RdmaCqProcessor.java:113)</code>"
                + "</td><td>stub</td><td><code>NativeAffinity.setAffinity</code></td></tr>"), adapted);
        assertTrue(!HtmlReport.render(r, Map.of()).contains("call-sites"), "a driver written against the SPI has none");
    }

    @Test
    void aFailExplainsItselfWithTheCatalogsDescriptionOfItsWindow() throws IOException {
        String html = HtmlReport.render(ReportFixtures.brokenCq1(), Map.of("CQ-1", CQ1));
        int section = html.indexOf("id=\"w0\"");
        String w0 = html.substring(section, html.indexOf("</section>", section));
        assertTrue(w0.contains("<details class=\"about\" open><summary>About CQ-1: lost final completion</summary>"), w0);
        assertTrue(w0.contains("<p>BeeGFS client IBVSocket: a 10 s benchmark hung for 5 minutes about once in 50 runs "
                + "<a href=\"https://github.com/ThinkParQ/beegfs/pull/133\" rel=\"noopener noreferrer\">"), w0);
        assertTrue(w0.contains("<ol class=\"interleaving\"><li>completion X arrives on an armed CQ: the event fires, "
                + "the CQ disarms, the handler starts</li><li>the handler bumps its progress counter</li>"), w0);
        assertTrue(w0.contains("<li class=\"broken\">no driver thread is idle while a completion queue holds a completion "
                + "that no event will announce <b>(violated here)</b></li>"), w0);
        assertTrue(w0.contains("<li>every completion is consumed within a bound after it was enqueued</li>"), w0);
        assertTrue(w0.contains("<p class=\"on-failure\">Check the order in your completion handler"), w0);
        assertTrue(w0.contains("<p class=\"violated\">Violated: <b>no driver thread is idle while"), w0);
        // a source location wraps between its names, never inside its line number
        assertTrue(w0.contains("<li><b>device-interrupt</b> held at call CompletionQueue.requestNotify in <code class=\"at\">"
                + "io.<wbr>github.<wbr>fabrictck.<wbr>sample.<wbr>BeeGfsEndpoint.<wbr>handle<wbr>(BeeGfsEndpoint.<wbr>java:30)"
                + "</code></li>"), w0);
        // the events are listed open, each with its driver source location, and the marks link to them
        assertTrue(w0.contains("<details class=\"events\" open>"), w0);
        assertTrue(w0.contains("<code class=\"at\">io.<wbr>github.<wbr>fabrictck.<wbr>sample.<wbr>Endpoint.<wbr>"
                + "sleepUntilProgress<wbr>(Endpoint.<wbr>java:117)</code>"), w0);
        // one row is the verdict's event: the completion no event announced
        assertEquals(1, w0.split("<tr id=\"w0-e\\d+\" class=\"k-[a-z]+ violation\"", -1).length - 1, w0);
        assertTrue(w0.contains("<tr id=\"w0-e47\" class=\"k-device violation\">"), w0);
        Matcher link = Pattern.compile("href=\"#(w0-e\\d+)\"").matcher(w0);
        int links = 0;
        while (link.find()) {
            links++;
            assertTrue(w0.contains("<tr id=\"" + link.group(1) + "\""), link.group(1));
        }
        assertTrue(links >= 58, "every mark links to its row: " + links);
    }

    /**
     * The size budget of a report: it grows with the catalog, so it is per variant (300 KB for the 31 variants of the
     * catalog it was first set on).
     */
    static final int BYTES_PER_VARIANT = 9_700;

    @Test
    void anAllPassReportOfTheWholeCatalogStaysUnder9700BytesAVariant() throws IOException {
        Result r = ReportFixtures.allPass();
        String html = HtmlReport.render(r, io.github.fabrictck.launcher.Catalog.discover().info());
        int bytes = html.getBytes(StandardCharsets.UTF_8).length;
        int variants = io.github.fabrictck.launcher.Catalog.discover().entries().size();
        assertTrue(bytes < HtmlReportTest.BYTES_PER_VARIANT * variants, "report.html of an all-PASS catalog: " + bytes
                + " bytes for " + variants + " variants");
        assertFalse(html.contains("are not drawn"), "no event is cut from a timeline");
        assertEquals(io.github.fabrictck.launcher.Catalog.discover().entries().size(),
                html.split("<svg class=\"timeline\"", -1).length - 1, "every variant has its timeline");
    }

    @Test
    void aWindowWithoutCatalogDescriptionOrTraceStillRenders() {
        WindowResult na = new WindowResult("XY-1", null, "t", "other", Outcome.NOT_APPLICABLE, 0,
                "the driver does not implement other", List.of(), Evidence.none(), "mvn x", List.of());
        String html = HtmlReport.render(new Result(Result.SCHEMA, "1", null, null, true, List.of(na)));
        assertTrue(html.contains("<p>No event was recorded (the window did not start).</p>"), html);
        assertFalse(html.contains("class=\"about\""));
        assertTrue(html.contains("<dd class=\"driver\">unknown</dd>"));
    }

    @Test
    void anIncompleteRunSaysWhichWindowWasInProgress() {
        Result r = new Result(Result.SCHEMA, "1", new Result.DriverInfo("d", "1"), new Result.JvmInfo("17", "x"), false,
                "CQ-2", List.of());
        String html = HtmlReport.render(r);
        assertTrue(html.contains("<p class=\"incomplete\">The run did not finish; window in progress: CQ-2."), html);
        assertTrue(html.contains("No window was judged."));
    }

    @Test
    void isSelfContainedAndItsScriptIsAllowedOnlyByItsHash() throws Exception {
        String html = HtmlReport.render(ReportFixtures.wholeCatalog(), Map.of("CQ-1", CQ1));
        for (String fetch : List.of("src=", "<link", "@import", "url(", "<iframe", "<img", "<object", "<embed")) {
            assertFalse(html.contains(fetch), fetch);
        }
        // the only absolute URLs: the SVG namespace and the catalog's links to the source bugs
        Matcher url = Pattern.compile("https?://[^\"<\\s]+").matcher(html);
        while (url.find()) {
            assertTrue(url.group().equals("http://www.w3.org/2000/svg")
                       || url.group().equals("https://github.com/ThinkParQ/beegfs/pull/133"), url.group());
        }
        int start = html.indexOf("<script>") + "<script>".length();
        String script = html.substring(start, html.indexOf("</script>", start));
        String hash = Base64.getEncoder().encodeToString(
                MessageDigest.getInstance("SHA-256").digest(script.getBytes(StandardCharsets.UTF_8)));
        assertTrue(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                + "style-src 'unsafe-inline'; img-src data:; script-src 'sha256-" + hash + "'"), html.substring(0, 600));
    }

    @Test
    void aHostileDriverCannotInjectMarkupAnywhere() {
        String html = HtmlReport.render(ReportFixtures.hostile(), ReportFixtures.hostileCatalog());

        // nothing a driver wrote opens an element, a comment, a CDATA section or ends the script
        assertEquals(1, count(html, "<script"));
        assertEquals(1, count(html, "</script"));
        assertFalse(html.contains("<!--"));
        assertFalse(html.contains("]]>"));
        assertFalse(html.contains("<img"));
        assertFalse(html.contains("href=\"javascript:"), "no javascript: link is written");
        Set<String> elements = new TreeSet<>();
        Set<String> attributes = new TreeSet<>();
        Matcher tag = Pattern.compile("<(/?)([a-zA-Z!][a-zA-Z0-9-]*)([^>]*)>").matcher(html);
        while (tag.find()) {
            elements.add(tag.group(2).toLowerCase());
            Matcher attribute = Pattern.compile("\\s([^\\s=\"'>/]+)(=(\"[^\"]*\"|'[^']*'|[^\\s>]*))?").matcher(tag.group(3));
            while (attribute.find()) {
                attributes.add(attribute.group(1).toLowerCase());
            }
        }
        elements.remove("!doctype");
        attributes.remove("html"); // <!DOCTYPE html>
        assertTrue(ELEMENTS.containsAll(elements), "elements: " + elements);
        assertTrue(ATTRIBUTES.containsAll(attributes), "attributes: " + attributes);
        String withoutTags = html.replaceAll("<(/?)([a-zA-Z!][a-zA-Z0-9-]*)([^>]*)>", "");
        assertFalse(withoutTags.contains("<"), "every < opens one of the report's own tags");

        // and each payload is there, as text
        String escaped = Html.escape(ReportFixtures.HOSTILE);
        assertTrue(escaped.contains("&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(1)&gt; "
                + "]]&gt; &lt;/script&gt; &lt;!--"), escaped);
        assertTrue(escaped.endsWith("\\u0007 \\uD800 &amp;amp;"), escaped);
        assertTrue(count(html, escaped) >= 20, "the hostile text is shown, escaped, everywhere it came in");
        assertTrue(html.contains("<title>Fabric TCK report: " + escaped + " " + escaped + "</title>"));
        assertTrue(html.contains("<g class=\"lane\" data-lane=\"" + escaped + "\">"), "thread names in SVG attributes");
        assertTrue(html.contains(">held: " + Html.escape(ReportFixtures.HOSTILE.substring(0, 10))),
                "hold labels in SVG text, cut to their room");
    }

    @Test
    void escapesEveryContext() {
        assertEquals("&lt;/script&gt;&lt;!--]]&gt;&amp;&quot;&#39;", Html.escape("</script><!--]]>&\"'"));
        assertEquals("a\tb\nc&#13;\\u0000\\u001B\\u0085\\uDC00\\uFFFE \uD83D\uDE00", Html.escape(
                "a\tb\nc\r\u0000\u001b\u0085\uDC00\uFFFE \uD83D\uDE00"));
        assertEquals("", Html.escape(null));
        assertEquals("https://x.org/a?b=1&amp;c=&quot;", Html.safeHref("https://x.org/a?b=1&c=\""));
        assertEquals(null, Html.safeHref("javascript:alert(1)"));
        assertEquals(null, Html.safeHref("https://x.org/a b"));
        assertEquals(null, Html.safeHref("data:text/html,x"));
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + part.length())) {
            n++;
        }
        return n;
    }
}
