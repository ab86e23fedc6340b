package io.github.fabrictck.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Results to test with. */
final class Fixtures {

    private Fixtures() {
    }

    static WindowResult window(String id, String variant, Outcome outcome, String reason) {
        String label = variant == null ? id : id + "/" + variant;
        return new WindowResult(id, variant, "Title of " + id, "completion-queue", outcome, 12, reason,
                outcome == Outcome.FAIL ? List.of("every completion is delivered") : List.of(),
                new Evidence(outcome != Outcome.ERROR && outcome != Outcome.NOT_APPLICABLE,
                        List.of(new Evidence.Hold("cq-handler", "call CompletionQueue.requestNotify",
                                "com.acme.Handler.onEvent(Handler.java:42)")), 10, 3),
                "mvn fabric-tck:run -Dfabric-tck.windows=" + label,
                List.of(new TraceEvent(0.125, "cq-handler", "hold call CompletionQueue.requestNotify",
                                "com.acme.Handler.onEvent(Handler.java:42)"),
                        new TraceEvent(1, "device", "enqueue completion", null)));
    }

    static Result result(boolean complete, WindowResult... windows) {
        return new Result(Result.SCHEMA, "0.1.0", new Result.DriverInfo("sample", "1.0.0"),
                new Result.JvmInfo("17.0.15", "Eclipse Adoptium"), complete, List.of(windows));
    }

    /** {@code r} as a run through an adapter: the library call sites the agent rewrote, a boundary call and a stub. */
    static Result withCallSites(Result r) {
        return new Result(r.schema(), r.tckVersion(), r.driver(), r.jvm(), r.complete(), r.running(), r.windows(), r.run(),
                List.of(new Result.CallSite("boundary", "RdmaVerbs.getCqEvent", "com.ibm.disni.verbs.IbvCompChannel",
                                "getCqEvent", "IbvCompChannel.java", 83),
                        new Result.CallSite("stub", "NativeAffinity.setAffinity", "com.ibm.disni.RdmaCqProcessor", "run",
                                "RdmaCqProcessor.java", 113)));
    }

    static final Result.AdapterDeclaration DISNI = new Result.AdapterDeclaration(
            "io.github.fabrictck.adapters.disni.DisniAdapter", "com.ibm.disni:disni:2.1", List.of("com.ibm.disni."),
            List.of("com.ibm.disni.verbs.RdmaVerbs", "com.ibm.disni.verbs.RdmaCm"),
            List.of("io.github.fabrictck.adapters.disni.verbs."), List.of("com.ibm.disni.verbs.impl."),
            List.of("com.ibm.disni.util.NativeAffinity.setAffinity"),
            List.of(new Result.Source("/home/me/.m2/repository/com/ibm/disni/disni/2.1/disni-2.1.jar", "ab12")));

    /** An adapter whose boundary is the library's JNI layer: its natives redirected to the environment (Netty's). */
    static final Result.AdapterDeclaration NETTY = new Result.AdapterDeclaration(
            "io.github.fabrictck.adapters.nettyuring.NettyAdapter",
            "io.netty.incubator:netty-incubator-transport-classes-io_uring:0.0.24.Final",
            List.of("io.netty.incubator.channel.uring.", "io.netty.channel.unix."), List.of(),
            List.of("io.github.fabrictck.adapters.nettyuring.kernel."), List.of(), List.of(),
            List.of(new Result.Source("/home/me/netty-incubator-transport-classes-io_uring-0.0.24.Final.jar", "cd34")),
            new java.util.TreeMap<>(Map.of("io.netty.incubator.channel.uring.Native",
                    "io.github.fabrictck.adapters.nettyuring.kernel.NativeKernel",
                    "io.netty.channel.unix.FileDescriptor", "io.github.fabrictck.adapters.nettyuring.kernel.UnixKernel")));

    static Result withAdapters(Result r, List<Result.AdapterDeclaration> adapters) {
        return new Result(r.schema(), r.tckVersion(), r.driver(), r.jvm(), r.complete(), r.running(), r.windows(), r.run(),
                r.rewrittenCallSites(), adapters);
    }

    /** A small catalog: CQ-1 (variants a, b) and CQ-2 of completion-queue, HS-2 of peer-handshake, CS-1 of connection-setup. */
    static Map<String, WindowInfo> catalog() {
        Map<String, WindowInfo> c = new LinkedHashMap<>();
        c.put("CQ-1", info("CQ-1", "completion-queue").withVariant("a", "waiter first").withVariant("b", "handler first"));
        c.put("CQ-2", info("CQ-2", "completion-queue"));
        c.put("CS-1", info("CS-1", "connection-setup"));
        c.put("HS-2", info("HS-2", "peer-handshake"));
        return c;
    }

    private static WindowInfo info(String id, String family) {
        return WindowInfo.of(id, "Title of " + id, family, "https://example.org/" + id, "bug", new String[] {"step"},
                new String[] {"invariant"}, "check");
    }

    /** {@code r} with the run facts: the families the driver declares, the windows selected and excluded, the settings. */
    static Result withRun(Result r, List<String> families, List<String> selected, List<String> excluded,
                          Map<String, String> settings) {
        return new Result(r.schema(), r.tckVersion(), r.driver(), r.jvm(), r.complete(), r.running(), r.windows(),
                new Result.Run(families, selected, excluded, new java.util.TreeMap<>(settings)));
    }

    /** The whole small catalog run by a driver declaring completion-queue: CQ PASS, the others NOT_APPLICABLE. */
    static Result certifiable(Map<String, String> settings) {
        return withRun(result(true, window("CQ-1", "a", Outcome.PASS, null), window("CQ-1", "b", Outcome.PASS, null),
                        window("CQ-2", null, Outcome.PASS, null),
                        window("CS-1", null, Outcome.NOT_APPLICABLE, "the driver does not declare connection-setup"),
                        window("HS-2", null, Outcome.NOT_APPLICABLE, "the driver does not declare peer-handshake")),
                List.of("completion-queue"), List.of("CQ-1", "CQ-2", "CS-1", "HS-2"), List.of(), settings);
    }
}
