package io.github.fabrictck.report;

import java.util.List;

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
}
