package io.github.fabrictck.report;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Results for the HTML report's tests: real runs of the kit, and a hostile driver's. */
final class ReportFixtures {

    /** Markup a hostile driver puts in every string it controls. */
    static final List<String> PAYLOADS = List.of("<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>",
            "]]>", "</script>", "<!--", "' onmouseover='alert(1)", "<svg onload=alert(1)>", "javascript:alert(1)");

    /** Every payload in one string, with a control character and an unpaired surrogate. */
    static final String HOSTILE = String.join(" ", PAYLOADS) + " \u0007 \uD800 &amp;";

    private ReportFixtures() {
    }

    /** The result of {@code broken-cq-1} on CQ-1 (variants a and b, both FAIL), as the kit wrote it. */
    static Result brokenCq1() throws IOException {
        return resource("/report/broken-cq-1-result.json");
    }

    /**
     * The whole catalog, six window variants (five FAIL, one PASS), composed from the kill matrix's
     * real runs (the known-broken drivers on their windows).
     */
    static Result wholeCatalog() throws IOException {
        return resource("/report/whole-catalog-result.json");
    }

    private static Result resource(String name) throws IOException {
        try {
            return ResultJson.read(Path.of(ReportFixtures.class.getResource(name).toURI()));
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
    }

    /** A result in which a driver put {@link #HOSTILE} into every string that reaches the report. */
    static Result hostile() {
        String h = HOSTILE;
        List<TraceEvent> trace = List.of(
                new TraceEvent(0.5, "device", "send #1 completed " + h, null),
                new TraceEvent(1.0, h, "call CompletionQueue.requestNotify(false) " + h, h),
                new TraceEvent(1.5, h, "held at call CompletionQueue.requestNotify (" + h + ")", h),
                new TraceEvent(2.0, "kit", "window opened: " + h, null),
                new TraceEvent(3.0, h, "released (" + h + ")", h),
                new TraceEvent(4.0, "app", "sync Object.wait " + h, h));
        WindowResult fail = new WindowResult("CQ-1", "a", "lost " + h, "completion-queue", Outcome.FAIL, 12,
                "the driver threw java.lang.IllegalStateException: " + h + " at " + h, List.of(h),
                new Evidence(true, List.of(new Evidence.Hold(h, h, h)), 3, 1), "mvn fabric-tck:run " + h, h, trace);
        WindowResult error = new WindowResult(h, h, h, h, Outcome.ERROR, 1, h, List.of(), Evidence.none(), h, List.of());
        return new Result(Result.SCHEMA, h, new Result.DriverInfo(h, h), new Result.JvmInfo(h, h), false, h,
                List.of(fail, error));
    }

    /** Catalog metadata that is itself hostile, to show it is escaped as well. */
    static Map<String, WindowInfo> hostileCatalog() {
        String h = HOSTILE;
        return Map.of("CQ-1", WindowInfo.of("CQ-1", h, h, "javascript:alert(1)", h, new String[] {h, h},
                new String[] {h}, h));
    }
}
