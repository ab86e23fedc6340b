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

    /**
     * The PASS of every variant of the catalog, with the kill matrix's real traces (the 15th variant's
     * repeated to 1,800 events, as HS-1/all-to-all has): the report a compliant driver gets.
     */
    static Result allPass() throws IOException {
        List<WindowResult> real = wholeCatalog().windows();
        List<io.github.fabrictck.launcher.Catalog.Entry> entries = io.github.fabrictck.launcher.Catalog.discover().entries();
        List<WindowResult> passes = new java.util.ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            WindowResult w = real.get(i % real.size());
            List<TraceEvent> trace = new java.util.ArrayList<>(w.trace());
            while (i == 14 && trace.size() < 1800) {
                trace.addAll(w.trace());
            }
            passes.add(new WindowResult(entries.get(i).window().id(), entries.get(i).variant() == null ? null
                    : entries.get(i).variant().id(), w.title(), w.family(), Outcome.PASS, w.durationMillis(), null,
                    List.of(), w.evidence(), w.reproduce(), trace));
        }
        return new Result(Result.SCHEMA, "0.1.0", new Result.DriverInfo("sample", "0.1.0"),
                new Result.JvmInfo("17", "x"), true, passes);
    }

    /**
     * A FAIL of 2,233 events, as an all-to-all first contact gives: driver threads busy between the
     * kit's steps, a hold, and the completion no event announced near the end.
     */
    static Result thousandsOfEvents() {
        List<TraceEvent> trace = new java.util.ArrayList<>();
        for (int i = 0; i < 2233; i++) {
            String thread = "peer-" + (i % 5);
            String at = "com.acme.fabric.Peer.onReceive(Peer.java:" + (100 + i % 7) + ")";
            trace.add(i % 97 == 0 ? new TraceEvent(i * 0.4, "kit", "t=" + i + " ms step " + i + " of the first contact", null)
                    : i % 31 == 0 ? new TraceEvent(i * 0.4, "fabric", "hello #" + i + " delivered", null)
                    : i == 2200 ? new TraceEvent(i * 0.4, "fabric", "data #2200 dropped: stale peer", null)
                    : i == 1000 ? new TraceEvent(i * 0.4, "peer-1", "held at call Fabric.transmit (B's hello)", at)
                    : i == 1500 ? new TraceEvent(i * 0.4, "peer-1", "released (B's hello)", at)
                    : new TraceEvent(i * 0.4, thread, (i % 2 == 0 ? "call Fabric.transmit" : "sync ReentrantLock.lock"), at));
        }
        WindowResult fail = new WindowResult("HS-1", "all-to-all", "crossing hellos (first contact among N peers at once)",
                "peer-handshake", Outcome.FAIL, 7218, "every application message is delivered exactly once: data #2200 "
                + "dropped was never delivered [window: peer-1 held at call Fabric.transmit in com.acme.fabric.Peer.onReceive"
                + "(Peer.java:103)]", List.of("every application message is delivered exactly once"),
                new Evidence(true, List.of(new Evidence.Hold("peer-1", "call Fabric.transmit",
                        "com.acme.fabric.Peer.onReceive(Peer.java:103)")), 2233, 4),
                "mvn -pl drivers/acme verify -Dfabric-tck.driver=acme -Dfabric-tck.windows=HS-1/all-to-all", trace);
        return new Result(Result.SCHEMA, "0.1.0", new Result.DriverInfo("acme", "1.0"), new Result.JvmInfo("17", "x"), true,
                List.of(fail));
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
