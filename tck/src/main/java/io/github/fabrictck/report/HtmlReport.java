package io.github.fabrictck.report;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@value #FILE_NAME}: the report people read. One self-contained file (inline CSS, script and SVG;
 * nothing is fetched, it opens from disk): who judged whom, the verdict table with outcome filters,
 * and for every window variant its reason, the catalog's description of the window (the source bug,
 * the numbered interleaving, the invariants, what to check; open next to a FAIL), the evidence, a
 * timeline of its trace (see {@link Timeline}), the reproduce command with a copy button, and the
 * events with their driver source locations.
 *
 * <p>Every string from the driver or the result is escaped ({@link Html#escape}); no driver text
 * goes into the script, which is a constant allowed by the page's Content-Security-Policy through
 * its hash, so even markup that got through could not run.
 */
public final class HtmlReport {

    /** The file's name in the output directory. */
    public static final String FILE_NAME = "report.html";

    /** At most this many events of a window are listed (the last ones); the result file has them all. */
    static final int LIST_LIMIT = 2000;

    private HtmlReport() {
    }

    /** The report of {@code r} without the catalog's descriptions of the windows. */
    public static String render(Result r) {
        return render(r, Map.of());
    }

    /**
     * The report of {@code r}.
     *
     * @param catalog the catalog's description of each window, by window id; windows not in it are
     *                reported without one
     */
    public static String render(Result r, Map<String, WindowInfo> catalog) {
        StringBuilder h = new StringBuilder(16_384 + r.windows().size() * 32_768);
        String driver = r.driver() == null ? "unknown driver"
                : nullTo(r.driver().name(), "unknown driver") + " " + nullTo(r.driver().version(), "");
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(CONTENT_SECURITY_POLICY)
                .append("\">\n<meta name=\"referrer\" content=\"no-referrer\">\n")
                .append("<meta name=\"generator\" content=\"Fabric TCK ").append(Html.escape(r.tckVersion())).append("\">\n")
                .append("<title>Fabric TCK report: ").append(Html.escape(driver.strip())).append("</title>\n")
                .append("<style>").append(CSS).append("</style>\n</head>\n<body>\n");

        header(h, r, catalog);
        verdictTable(h, r);
        adapters(h, r);
        callSites(h, r);
        Map<String, String> described = new java.util.HashMap<>();
        Map<String, String> settings = r.run() == null ? Map.of() : r.run().settings();
        for (int i = 0; i < r.windows().size(); i++) {
            WindowResult w = r.windows().get(i);
            window(h, w, "w" + i, catalog.get(w.id()), described, RepeatStats.seedBlocks(w.id(), settings));
        }
        h.append("<footer>Fabric TCK ").append(Html.escape(r.tckVersion()))
                .append(". The result file <code>").append(ResultJson.FILE_NAME)
                .append("</code> next to this report holds every event of every window.</footer>\n");
        h.append("<script>").append(SCRIPT).append("</script>\n</body>\n</html>\n");
        return h.toString();
    }

    // ---------------------------------------------------------------- parts

    private static void header(StringBuilder h, Result r, Map<String, WindowInfo> catalog) {
        List<String> problems = Verification.problems(r, Set.of());
        String standing = !r.complete() ? "incomplete run"
                : r.run() != null && r.run().shard() != null ? Verification.shardReason(r.run().shard())
                : !problems.isEmpty()
                ? problems.size() + (problems.size() == 1 ? " problem" : " problems")
                : Verification.standing(r, catalog).phrase();
        h.append("<header>\n<h1>Fabric TCK report: ").append(Html.escape(standing)).append("</h1>\n<dl class=\"identity\">")
                .append("<dt>Driver</dt><dd class=\"driver\">");
        if (r.driver() == null) {
            h.append("unknown");
        } else {
            h.append("<b>").append(Html.escape(r.driver().name())).append("</b> ").append(Html.escape(r.driver().version()));
        }
        h.append("</dd><dt>TCK</dt><dd>Fabric TCK ").append(Html.escape(r.tckVersion())).append("</dd>")
                .append("<dt>JVM</dt><dd>");
        if (r.jvm() == null) {
            h.append("unknown");
        } else {
            h.append(Html.escape(r.jvm().version())).append(" (").append(Html.escape(r.jvm().vendor())).append(')');
        }
        h.append("</dd></dl>\n");
        Result.Summary s = r.summary();
        h.append("<p class=\"summary\">").append(s.pass()).append(" pass, ").append(s.fail()).append(" fail, ")
                .append(s.error()).append(" error, ").append(s.notApplicable()).append(" not applicable")
                .append(r.windows().size() == 1 ? " (1 window variant)" : " (" + r.windows().size() + " window variants)")
                .append("</p>\n");
        if (!r.complete()) {
            h.append("<p class=\"incomplete\">The run did not finish")
                    .append(r.running() == null ? "" : "; window in progress: " + Html.escape(r.running()))
                    .append(". The verdicts below are those reached so far.</p>\n");
        }
        h.append("</header>\n");
    }

    private static void verdictTable(StringBuilder h, Result r) {
        Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
        r.windows().forEach(w -> counts.merge(w.outcome(), 1, Integer::sum));
        h.append("<section id=\"verdicts\">\n<h2>Verdicts</h2>\n<div class=\"filters\" role=\"group\" ")
                .append("aria-label=\"Show outcomes\">Show: ");
        for (Outcome o : Outcome.values()) {
            h.append("<label><input type=\"checkbox\" data-filter=\"").append(o.name()).append("\" checked> ")
                    .append("<span class=\"badge ").append(o.name()).append("\">").append(o.name()).append("</span> (")
                    .append(counts.getOrDefault(o, 0)).append(")</label> ");
        }
        h.append("</div>\n<table class=\"verdicts\">\n<thead><tr><th>Window</th><th>Title</th><th>Family</th>")
                .append("<th>Outcome</th><th class=\"num\">ms</th></tr></thead>\n<tbody>\n");
        for (int i = 0; i < r.windows().size(); i++) {
            WindowResult w = r.windows().get(i);
            h.append("<tr data-outcome=\"").append(w.outcome().name()).append("\"><td><a href=\"#w").append(i).append("\">")
                    .append(Html.escape(w.label())).append("</a></td><td>").append(Html.escape(w.title()))
                    .append("</td><td>").append(Html.escape(w.family())).append("</td><td><span class=\"badge ")
                    .append(w.outcome().name()).append("\">").append(w.outcome().name()).append("</span></td>")
                    .append("<td class=\"num\">").append(w.durationMillis()).append("</td></tr>\n");
        }
        if (r.windows().isEmpty()) {
            h.append("<tr><td colspan=\"5\">No window was judged.</td></tr>\n");
        }
        h.append("</tbody>\n</table>\n");
        if (r.windows().stream().anyMatch(w -> !w.trace().isEmpty())) {
            legend(h);
        }
        h.append("</section>\n");
    }

    /**
     * Each adapter the run used, as it declared itself, and the library files it judged: what the
     * verdicts are of. Left out for a driver written against the SPI.
     */
    private static void adapters(StringBuilder h, Result r) {
        if (r.adapters().isEmpty()) {
            return;
        }
        h.append("<section id=\"adapters\">\n<h2>Adapters</h2>\n<ul>\n");
        for (Result.AdapterDeclaration a : r.adapters()) {
            h.append("<li><code>").append(Html.escape(a.sentence())).append("</code></li>\n");
        }
        h.append("</ul>\n</section>\n");
    }

    /**
     * The call sites of an adapter's library the agent rewrote: the only change the kit makes to the
     * library's bytecode. Left out for a driver written against the SPI.
     */
    private static void callSites(StringBuilder h, Result r) {
        if (r.rewrittenCallSites().isEmpty()) {
            return;
        }
        java.util.Map<String, Long> kinds = r.rewrittenCallSites().stream().collect(java.util.stream.Collectors
                .groupingBy(Result.CallSite::kind, java.util.TreeMap::new, java.util.stream.Collectors.counting()));
        h.append("<section id=\"call-sites\">\n<h2>Library call sites the agent rewrote</h2>\n<p>The agent changes the ")
                .append("library's bytecode only at these ").append(r.rewrittenCallSites().size())
                .append(" call sites, and nowhere else: ");
        java.util.List<String> counts = new java.util.ArrayList<>();
        kinds.forEach((kind, n) -> counts.add(n + " " + callSiteKind(kind)));
        h.append(String.join("; ", counts)).append(".</p>\n")
                .append("<table class=\"call-sites\">\n<thead><tr><th>Call site</th><th>Kind</th><th>Calls</th></tr>")
                .append("</thead>\n<tbody>\n");
        for (Result.CallSite c : r.rewrittenCallSites()) {
            h.append("<tr><td><code>").append(Html.escape(c.at())).append("</code></td><td>")
                    .append(Html.escape(c.kind())).append("</td><td><code>")
                    .append(Html.escape(c.target())).append("</code></td></tr>\n");
        }
        h.append("</tbody>\n</table>\n</section>\n");
    }

    /** What the agent made of call sites of this kind ({@code rewrittenCallSites[].kind}), as HTML. */
    static String callSiteKind(String kind) {
        return switch (kind) {
            case "boundary" -> "call(s) to the adapter's boundary types became points (the environment serves them)";
            case "stub" -> "call(s) to native code the adapter stubs became nothing";
            case "sync" -> "JDK synchronisation call(s) (threads, wait/notify, locks, atomics, queues) became points "
                    + "that then make the same call";
            case "exit" -> "call(s) that would end the JVM became the kit's guard";
            case "environment" -> "call(s) to the kit's environment types became points";
            default -> "call(s) of kind " + Html.escape(kind);
        };
    }

    /** How to read the timelines: once, under the verdict table. */
    private static void legend(StringBuilder h) {
        h.append("<p class=\"legend\">How to read a timeline: one lane per thread, the simulated device or fabric and ")
                .append("the kit on top. <span class=\"key hold\">bar</span> a driver thread held by the kit; ")
                .append("<span class=\"key device\">&#9670;</span> device or fabric event (what the kit injected); ")
                .append("<span class=\"key call\">&#9679;</span> driver call to the environment; ")
                .append("<span class=\"key sync\">&#9632;</span> driver synchronisation; ")
                .append("<span class=\"key spi\">&#9679;</span> driver SPI method entered or left; ")
                .append("<span class=\"key kit\">dashed</span> a step of the kit's script; ")
                .append("<span class=\"key band\">&#9646;</span> a quiet stretch, collapsed (its number says how many ")
                .append("events it holds); <span class=\"key violation\">&#9711;</span> the event a FAIL or an ERROR ")
                .append("points at. The gap between marks grows with the time between them. Hover a mark for the event ")
                .append("and its driver source location; in a FAIL or an ERROR, click it for its row in the event list.</p>\n");
    }

    /**
     * One window variant's section. The catalog's description is written once per window (the other
     * variants link to it), and next to every FAIL.
     *
     * @param described the section each window's description is in, by window id; added to
     */
    private static void window(StringBuilder h, WindowResult w, String id, WindowInfo info, Map<String, String> described,
                               boolean seedBlocks) {
        String outcome = w.outcome().name();
        h.append("<section class=\"window ").append(outcome).append("\" id=\"").append(id).append("\" data-outcome=\"")
                .append(outcome).append("\">\n<h2><span class=\"label\">").append(Html.escape(w.label()))
                .append("</span> <span class=\"title\">").append(Html.escape(w.title())).append("</span> <span class=\"badge ")
                .append(outcome).append("\">").append(outcome).append("</span> <span class=\"ms\">")
                .append(w.durationMillis()).append(" ms</span></h2>\n");

        if (w.outcome() != Outcome.PASS && w.reason() != null && !w.reason().isBlank()) {
            h.append("<div class=\"reason\">");
            if (!w.violated().isEmpty()) {
                h.append("<p class=\"violated\">Violated: ");
                for (int i = 0; i < w.violated().size(); i++) {
                    h.append(i == 0 ? "" : "; ").append("<b>").append(Html.escape(w.violated().get(i))).append("</b>");
                }
                h.append("</p>");
            }
            h.append("<p class=\"reason-text\">").append(Html.breakable(w.reason())).append("</p></div>\n");
        }

        if (info != null && (w.outcome() == Outcome.FAIL || !described.containsKey(info.id()))) {
            about(h, w, info);
            described.putIfAbsent(info.id(), id);
        } else if (info != null) {
            h.append("<p class=\"about-ref\">About ").append(Html.escape(info.id())).append(": see <a href=\"#")
                    .append(described.get(info.id())).append("\">its first variant</a>.</p>\n");
        }
        evidence(h, w);
        if (w.repeat() != null) {
            repeat(h, w.repeat(), w.outcome(), seedBlocks);
        }
        timeline(h, w, id);
        h.append("<div class=\"reproduce\"><h3>Reproduce</h3><code id=\"").append(id).append("-cmd\">")
                .append(Html.escape(w.reproduce())).append("</code> <button type=\"button\" class=\"copy\" data-copy=\"")
                .append(id).append("-cmd\">Copy</button></div>\n");
        events(h, w, id);
        if (w.threadDump() != null && !w.threadDump().isBlank()) {
            h.append("<details class=\"dump\"><summary>Thread dump of the fork</summary><pre>")
                    .append(Html.escape(w.threadDump())).append("</pre></details>\n");
        }
        h.append("</section>\n");
    }

    /** The catalog's description of the window: open next to a FAIL, so the failure explains itself. */
    private static void about(StringBuilder h, WindowResult w, WindowInfo info) {
        h.append("<details class=\"about\"").append(w.outcome() == Outcome.FAIL ? " open" : "").append(">")
                .append("<summary>About ").append(Html.escape(info.id())).append(": ").append(Html.escape(info.title()))
                .append("</summary>\n<h3>The bug this window comes from</h3>\n<p>").append(Html.escape(info.bug()));
        String href = Html.safeHref(info.source());
        if (href != null) {
            h.append(" <a href=\"").append(href).append("\" rel=\"noopener noreferrer\">").append(Html.escape(info.source()))
                    .append("</a>");
        } else if (info.source() != null && !info.source().isBlank()) {
            h.append(" Source: ").append(Html.escape(info.source()));
        }
        h.append("</p>\n<h3>The interleaving it forces</h3>\n<ol class=\"interleaving\">");
        info.interleaving().forEach(step -> h.append("<li>").append(Html.escape(step)).append("</li>"));
        h.append("</ol>\n<h3>The invariants it judges</h3>\n<ul class=\"invariants\">");
        for (String invariant : info.invariants()) {
            boolean broken = w.violated().contains(invariant);
            h.append("<li").append(broken ? " class=\"broken\"" : "").append(">").append(Html.escape(invariant))
                    .append(broken ? " <b>(violated here)</b>" : "").append("</li>");
        }
        h.append("</ul>\n<h3>What to check when it fails</h3>\n<p class=\"on-failure\">").append(Html.escape(info.onFailure()))
                .append("</p>\n</details>\n");
    }

    private static void evidence(StringBuilder h, WindowResult w) {
        Evidence e = w.evidence();
        h.append("<div class=\"evidence\"><h3>Evidence</h3><p>Window opened: <b>").append(e.windowOpened() ? "yes" : "no")
                .append("</b>; driver points passed: ").append(e.pointsHit()).append("; driver classes instrumented: ")
                .append(e.instrumentedClasses()).append(".</p>");
        if (!e.holds().isEmpty()) {
            h.append("<ol class=\"holds\">");
            for (Evidence.Hold hold : e.holds()) {
                h.append("<li><b>").append(Html.escape(hold.thread())).append("</b> held at ")
                        .append(Html.escape(hold.point())).append(" in <code class=\"at\">").append(Html.location(hold.at()))
                        .append("</code></li>");
            }
            h.append("</ol>");
        }
        h.append("</div>\n");
    }

    private static void repeat(StringBuilder h, RepeatStats r, Outcome outcome, boolean seedBlocks) {
        h.append("<div class=\"repeat\"><h3>Repeated runs</h3><p>").append(r.runs()).append(" runs: ").append(r.pass())
                .append(" pass, ").append(r.fail()).append(" fail, ").append(r.error()).append(" error, ")
                .append(r.notApplicable()).append(" not applicable").append(!r.flaky() ? ", the same outcome every run."
                        : seedBlocks ? ": " + outcome + " in " + r.count(outcome) + " of " + r.runs() + " seed blocks (each "
                        + "run explored its own block of seeds, so this says where the failing schedules lie, not that "
                        + "the verdict is flaky)." : ": flaky, the outcome changed between runs.");
        RepeatStats.Distribution d = r.timeToDetectMillis();
        if (d != null) {
            h.append(" Time to detect: min ").append(d.min()).append(" ms, median ").append(d.median()).append(" ms, p95 ")
                    .append(d.p95()).append(" ms, max ").append(d.max()).append(" ms.");
        }
        if (r.firstError() != null) {
            h.append(" First ERROR: ").append(Html.escape(r.firstError()));
        }
        h.append("</p></div>\n");
    }

    private static void timeline(StringBuilder h, WindowResult w, String id) {
        h.append("<div class=\"timeline-block\"><h3>Timeline</h3>\n");
        if (w.trace().isEmpty()) {
            h.append("<p>No event was recorded (the window did not start).</p></div>\n");
            return;
        }
        Timeline t = Timeline.of(w);
        boolean listed = listsEvents(w);
        h.append("<div class=\"scroll\">").append(t.svg(id, listed)).append("</div>");
        if (!listed) {
            h.append("<p class=\"cut\">").append(w.trace().size() == 1 ? "The event" : "All " + w.trace().size() + " events")
                    .append(" of this window, with their driver source locations, are in <code>").append(ResultJson.FILE_NAME)
                    .append("</code>; a FAIL or an ERROR lists them here.</p>");
        }
        h.append("</div>\n");
    }

    /** Whether the window's events are listed in the page: a FAIL's or an ERROR's are, the others are in the result file. */
    static boolean listsEvents(WindowResult w) {
        return !w.trace().isEmpty() && (w.outcome() == Outcome.FAIL || w.outcome() == Outcome.ERROR);
    }

    private static void events(StringBuilder h, WindowResult w, String id) {
        if (!listsEvents(w)) {
            return;
        }
        List<TraceEvent> trace = w.trace();
        java.util.Set<Integer> highlighted = Timeline.highlighted(w);
        int first = Math.max(0, trace.size() - LIST_LIMIT);
        h.append("<details class=\"events\" open><summary>Events (")
                .append(trace.size()).append(") and their driver source locations</summary>\n");
        if (first > 0) {
            h.append("<p class=\"cut\">The first ").append(first).append(" events are not listed.</p>\n");
        }
        h.append("<table class=\"events\"><thead><tr><th class=\"num\">#</th><th class=\"num\">ms</th><th>thread</th>")
                .append("<th>event</th><th>driver source</th></tr></thead>\n<tbody>\n");
        for (int i = first; i < trace.size(); i++) {
            TraceEvent e = trace.get(i);
            h.append("<tr id=\"").append(id).append("-e").append(i).append("\" class=\"k-")
                    .append(Timeline.kind(e).name().toLowerCase(Locale.ROOT)).append(highlighted.contains(i) ? " violation" : "")
                    .append("\"><td class=\"num\">").append(i + 1).append("</td><td class=\"num\">")
                    .append(Timeline.decimals(e.t(), 3)).append("</td><td>").append(Html.escape(e.thread()))
                    .append("</td><td>").append(Html.breakable(e.event())).append("</td><td>");
            if (e.at() != null) {
                h.append("<code class=\"at\">").append(Html.location(e.at())).append("</code>");
            }
            h.append("</td></tr>\n");
        }
        h.append("</tbody></table></details>\n");
    }

    private static String nullTo(String s, String otherwise) {
        return s == null ? otherwise : s;
    }

    // ---------------------------------------------------------------- constant parts

    private static final String CSS = """
            :root{--fail:#c62828;--error:#ef6c00;--pass:#2e7d32;--na:#757575;--ink:#1d232a;--muted:#5f6b76;--line:#d9dee3}
            *{box-sizing:border-box}
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);margin:0 auto;max-width:1200px;padding:16px 24px 48px}
            h1{font-size:24px;margin:8px 0}h2{font-size:18px;margin:0 0 8px}h3{font-size:14px;margin:14px 0 6px;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
            code,pre{font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
            pre{white-space:pre-wrap;overflow-wrap:break-word;background:#f6f8fa;padding:8px;border-radius:4px}
            dl.identity{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:8px 0}dl.identity dt{color:var(--muted)}dl.identity dd{margin:0}
            .summary{font-weight:600}.incomplete{color:var(--error);font-weight:600}
            .badge{display:inline-block;padding:0 6px;border-radius:3px;color:#fff;font-size:12px;font-weight:600}
            .badge.PASS{background:var(--pass)}.badge.FAIL{background:var(--fail)}.badge.ERROR{background:var(--error)}.badge.NOT_APPLICABLE{background:var(--na)}
            .filters{margin:6px 0 10px}.filters label{margin-right:12px;cursor:pointer}
            table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:3px 8px;border-bottom:1px solid var(--line);vertical-align:top}
            th{background:#f3f5f7}.num{text-align:right;font-variant-numeric:tabular-nums}
            section.window{border:1px solid var(--line);border-left:6px solid var(--na);border-radius:4px;padding:12px 16px;margin:18px 0}
            section.window.FAIL{border-left-color:var(--fail)}section.window.ERROR{border-left-color:var(--error)}section.window.PASS{border-left-color:var(--pass)}
            .title{font-weight:400}.ms{color:var(--muted);font-weight:400;font-size:13px}
            .reason{background:#fdecea;border-radius:4px;padding:8px 12px}.window.ERROR .reason{background:#fff3e0}.window.NOT_APPLICABLE .reason{background:#f3f5f7}
            .reason-text{white-space:pre-wrap;overflow-wrap:break-word;margin:4px 0}.violated{margin:0}
            details{margin:8px 0}summary{cursor:pointer;font-weight:600}
            details.about{background:#f4f7fb;border-radius:4px;padding:6px 12px}
            .invariants li.broken{color:var(--fail)}
            .scroll{overflow-x:auto;border:1px solid var(--line);border-radius:4px;background:#fff}
            .legend{color:var(--muted);font-size:12.5px}.key{font-weight:700}.key.hold{color:#b8860b}.key.device{color:#6a1b9a}
            .key.call{color:#1565c0}.key.sync{color:#607d8b}.key.spi{color:#2e7d32}.key.kit{color:#00838f}.key.violation{color:var(--fail)}
            svg.timeline{display:block;font:11px system-ui,sans-serif}
            svg .lane-bg{fill:#fff}svg .lane:nth-of-type(even) .lane-bg{fill:#f7f9fb}svg .device-lane .lane-bg{fill:#f6f0fa}
            svg .lane-line{stroke:#c9d1d9;stroke-width:1}svg .label-bg{fill:#fff;fill-opacity:.94}svg .label-bg.device-lane{fill:#f6f0fa}svg .lane-label{fill:var(--ink);font-weight:600}
            svg .tick{stroke:#9aa5b1}svg .tick-label{fill:var(--muted);text-anchor:middle;font-size:10px}
            svg .hold-bar{fill:#f9d77e;stroke:#b8860b}svg .unreleased .hold-bar{fill:#f4b400}svg .hold-label{fill:#7a5a00;font-size:10px}
            svg .kit-line{stroke:#00838f;stroke-dasharray:4 3}
            svg .mark .shape{fill:#90a4ae;stroke:#fff;stroke-width:1}
            svg .k-device .shape{fill:#6a1b9a}svg .k-kit .shape{fill:#00838f}svg .k-call .shape{fill:#1565c0}
            svg .k-sync .shape{fill:#607d8b}svg .k-spi .shape{fill:#2e7d32}svg .k-hold .shape{fill:#b8860b}svg .k-other .shape{fill:#455a64}
            svg .ring{fill:none;stroke:var(--fail);stroke-width:2.5}svg .mark:hover .shape{stroke:#000}
            svg .verdict line{stroke:var(--fail);stroke-width:3}svg .verdict text{fill:var(--fail);font-weight:700}
            svg .verdict.error line{stroke:var(--error)}svg .verdict.error text{fill:var(--error)}
            .reproduce code{background:#f6f8fa;padding:4px 8px;border-radius:4px;display:inline-block;overflow-wrap:break-word}
            button.copy{font:inherit;padding:2px 10px;cursor:pointer}
            table.events{font-size:12.5px;table-layout:fixed}table.events th:nth-child(1){width:4em}table.events th:nth-child(2){width:6em}
            table.events th:nth-child(3){width:11em}table.events th:nth-child(5){width:38%}table.events td{overflow-wrap:break-word}
            code.at{overflow-wrap:normal;word-break:normal}svg .kit-label{fill:#00838f;font-size:10px}
            svg .band{fill:#eceff1;stroke:#b0bec5;stroke-dasharray:2 2}svg .band-label{fill:var(--muted);font-size:9px;text-anchor:middle}
            svg .stretch:hover .band{fill:#cfd8dc}.key.band{color:#90a4ae}
            table.events tr.violation td{background:#fdecea}table.events tr:target td{background:#fff59d}
            table.events tr.k-device td:nth-child(3){color:#6a1b9a}
            .cut{color:var(--muted)}footer{margin-top:32px;color:var(--muted);font-size:12px}
            """;

    /**
     * The page's only script: outcome filters, the copy buttons (the clipboard API, else a selected
     * text area and the copy command), opening the event list when a mark is clicked, a wide timeline
     * scrolled to its verdict's event with the lanes' names kept in view, and a check that the browser laid out the timelines
     * ({@code data-rendered-*} attributes) without overlapping labels ({@code data-overlapping-labels}).
     */
    static final String SCRIPT = """
            (function () {
              'use strict';
              var boxes = Array.prototype.slice.call(document.querySelectorAll('input[data-filter]'));
              function applyFilters() {
                var shown = {};
                boxes.forEach(function (b) { shown[b.getAttribute('data-filter')] = b.checked; });
                document.querySelectorAll('[data-outcome]').forEach(function (el) {
                  el.hidden = shown[el.getAttribute('data-outcome')] === false;
                });
              }
              boxes.forEach(function (b) { b.addEventListener('change', applyFilters); });
              applyFilters();

              function copied(button, ok) {
                button.textContent = ok ? 'Copied' : 'Select and copy it';
                setTimeout(function () { button.textContent = 'Copy'; }, 2000);
              }
              function fallbackCopy(text, button) {
                var area = document.createElement('textarea');
                area.value = text;
                area.setAttribute('readonly', '');
                area.style.position = 'fixed';
                area.style.top = '0';
                area.style.opacity = '0';
                document.body.appendChild(area);
                area.select();
                var ok = false;
                try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
                document.body.removeChild(area);
                copied(button, ok);
              }
              document.querySelectorAll('button[data-copy]').forEach(function (button) {
                button.addEventListener('click', function () {
                  var source = document.getElementById(button.getAttribute('data-copy'));
                  var text = source ? source.textContent : '';
                  if (navigator.clipboard && window.isSecureContext) {
                    navigator.clipboard.writeText(text).then(function () { copied(button, true); },
                      function () { fallbackCopy(text, button); });
                  } else {
                    fallbackCopy(text, button);
                  }
                });
              });

              document.querySelectorAll('svg.timeline a').forEach(function (a) {
                a.addEventListener('click', function () {
                  var row = document.getElementById((a.getAttribute('href') || '#').slice(1));
                  var list = row && row.closest('details');
                  if (list) { list.open = true; }
                });
              });

              // a wide timeline opens scrolled to the event its verdict points at
              document.querySelectorAll('div.scroll').forEach(function (box) {
                var ring = box.querySelector('a.mark.violation');
                if (ring && box.scrollWidth > box.clientWidth) {
                  box.scrollLeft = Math.max(0, ring.getBBox().x - box.clientWidth / 2);
                }
                box.setAttribute('data-scroll-left', String(Math.round(box.scrollLeft)));
                // the lanes' names stay in view while the timeline scrolls
                var names = box.querySelector('g.lane-labels');
                if (names) {
                  var follow = function () { names.setAttribute('transform', 'translate(' + box.scrollLeft + ' 0)'); };
                  box.addEventListener('scroll', follow);
                  follow();
                }
              });

              var rendered = 0;
              document.querySelectorAll('svg.timeline').forEach(function (svg) {
                var lanes = 0, marks = 0, holds = 0;
                svg.querySelectorAll('g.lane').forEach(function (g) {
                  var box = g.getBBox();
                  if (box.width > 0 && box.height > 0) { lanes++; }
                });
                svg.querySelectorAll('a.mark').forEach(function (m) { if (m.getBBox().width > 0) { marks++; } });
                svg.querySelectorAll('rect.hold-bar').forEach(function (r) { if (r.getBBox().width > 0) { holds++; } });
                svg.setAttribute('data-rendered-lanes', String(lanes));
                svg.setAttribute('data-rendered-marks', String(marks));
                svg.setAttribute('data-rendered-holds', String(holds));
                var labels = Array.prototype.slice.call(svg.querySelectorAll('text.kit-label, text.hold-label, '
                  + 'text.tick-label, text.band-label')).map(function (t) { return t.getBBox(); });
                var overlaps = 0;
                for (var i = 0; labels.length > i; i++) {
                  for (var j = i + 1; labels.length > j; j++) {
                    var a = labels[i], b = labels[j];
                    if (b.x + b.width > a.x && a.x + a.width > b.x && b.y + b.height > a.y && a.y + a.height > b.y) { overlaps++; }
                  }
                }
                svg.setAttribute('data-overlapping-labels', String(overlaps));
                if (lanes > 0 && marks > 0) { rendered++; }
              });
              document.body.setAttribute('data-rendered-timelines', String(rendered));
            })();
            """;

    /** No network at all; the one script only through its hash; inline styles. */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
            + "script-src '" + sha256Base64(SCRIPT) + "'; base-uri 'none'; form-action 'none'";

    private static String sha256Base64(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "sha256-" + Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
