package io.github.fabrictck.launcher;

import io.github.fabrictck.engine.ThreadDump;
import io.github.fabrictck.report.Json;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run as the launcher tells it, message by message: the Maven process keeps one for the fork it
 * started and writes every report from it, so a verdict it received survives whatever then happens
 * to the fork. The run is complete only when the launcher's own end arrived, with the key that only
 * the launcher's {@code main} holds.
 *
 * <p>The messages are one JSON object per line, each with a {@code "message"} member:
 * <pre>
 * {"message":"header","result":{...the result file's document, no windows...}}
 * {"message":"started","window":"CQ-1/a","running":"CQ-1/a (run 1 of 3)"}
 * {"message":"verdict","window":{...one entry of the result file's windows...}}
 * {"message":"refused","reason":"a configuration error, one sentence"}
 * {"message":"failed","reason":"what failed in the kit"}
 * {"message":"end","key":"..."}
 * </pre>
 * Out of order (a verdict for a window that was not started, a second verdict, an end with the wrong
 * key) is a violation: what came before it is kept, nothing after it is believed, and the run is not
 * complete.
 */
public final class RunRecord {

    /** The threads of a thread dump kept in the result; the whole dump goes to a file of its own. */
    public static final int DUMP_EXCERPT_THREADS = 20;

    private final String endKey;
    private Result header;
    private String running;
    private String runningLabel;
    private final Map<String, List<WindowResult>> runs = new LinkedHashMap<>();
    private final Map<String, String> dumps = new LinkedHashMap<>();
    private boolean ended;
    private String refusal;
    private String kitFailure;
    private String violation;
    private boolean cutOff;

    /** @param endKey the key the launcher's end must carry; {@code null} when the launcher itself keeps the record */
    public RunRecord(String endKey) {
        this.endKey = endKey;
    }

    // ---------------------------------------------------------------- messages, as the launcher sends them

    public static String headerMessage(Result header) {
        Result empty = new Result(header.schema(), header.tckVersion(), header.driver(), header.jvm(), false, null,
                List.of(), header.run(), header.rewrittenCallSites(), header.adapters());
        return message("header", "result", ResultJson.toJson(empty));
    }

    public static String startedMessage(String label, String running) {
        return message("started", "window", label, "running", running);
    }

    public static String verdictMessage(WindowResult run) {
        return message("verdict", "window", ResultJson.toJson(run));
    }

    public static String refusedMessage(String sentence) {
        return message("refused", "reason", sentence);
    }

    public static String failedMessage(String what) {
        return message("failed", "reason", what);
    }

    public static String endMessage(String key) {
        return message("end", "key", key);
    }

    private static String message(String kind, Object... namesAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("message", kind);
        for (int i = 0; i < namesAndValues.length; i += 2) {
            m.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return Json.write(m);
    }

    // ---------------------------------------------------------------- receiving

    /**
     * Takes one line from the launcher.
     *
     * @return a line for the build's log (a verdict, a violation), or {@code null}
     */
    public synchronized String accept(String line) {
        if (violation != null) {
            return null;
        }
        Map<?, ?> m;
        try {
            if (!(Json.parse(line) instanceof Map<?, ?> object) || !(object.get("message") instanceof String)) {
                return violated("a line that is no message: " + abbreviate(line));
            }
            m = object;
        } catch (IllegalArgumentException malformed) {
            return violated("a line that is no message (" + malformed.getMessage() + "): " + abbreviate(line));
        }
        try {
            switch ((String) m.get("message")) {
                case "header" -> {
                    if (!(m.get("result") instanceof Map<?, ?> result)) {
                        return violated("a header without a result");
                    }
                    return header(ResultJson.fromJson(result));
                }
                case "started" -> {
                    return started(string(m, "window"), string(m, "running"));
                }
                case "verdict" -> {
                    if (!(m.get("window") instanceof Map<?, ?> window)) {
                        return violated("a verdict without a window");
                    }
                    WindowResult w = ResultJson.windowFromJson(window);
                    String problem = verdictProblem(w);
                    if (problem != null) {
                        return violated(problem);
                    }
                    WindowResult kept = verdict(w);
                    return Main.progressLine(kept);
                }
                case "refused" -> {
                    refusal = string(m, "reason");
                    return null;
                }
                case "failed" -> {
                    kitFailure = string(m, "reason");
                    return null;
                }
                case "end" -> {
                    if (endKey == null || !endKey.equals(m.get("key"))) {
                        return violated("an end without the launcher's key");
                    }
                    return end();
                }
                default -> {
                    return violated("an unknown message " + abbreviate(line));
                }
            }
        } catch (IllegalArgumentException invalid) {
            return violated("a message the launcher does not send (" + invalid.getMessage() + ")");
        }
    }

    private static String string(Map<?, ?> m, String name) {
        if (!(m.get(name) instanceof String s)) {
            throw new IllegalArgumentException("\"" + name + "\" must be a string");
        }
        return s;
    }

    private String violated(String what) {
        if (violation == null) {
            violation = what;
        }
        return "The channel from the fork carried " + what + "; nothing after it is believed.";
    }

    private static String abbreviate(String line) {
        return line.length() <= 200 ? line : line.substring(0, 200) + "…";
    }

    /** The run's facts (driver, JVM, settings), before any window. */
    public synchronized String header(Result header) {
        if (this.header != null || ended) {
            return violated("a second header");
        }
        this.header = header;
        return null;
    }

    /** A window variant's run started; {@code running} adds the round when windows repeat. */
    public synchronized String started(String label, String running) {
        if (header == null || ended) {
            return violated("a window started " + (ended ? "after the end" : "before the header"));
        }
        if (runningLabel != null) {
            return violated("window " + label + " started while " + runningLabel + " still ran");
        }
        this.runningLabel = label;
        this.running = running;
        return null;
    }

    private String verdictProblem(WindowResult w) {
        if (runningLabel == null) {
            return "a verdict for " + w.label() + ", which was not running";
        }
        if (!runningLabel.equals(w.label())) {
            return "a verdict for " + w.label() + " while " + runningLabel + " ran";
        }
        return null;
    }

    /**
     * One run's verdict of the window in progress. Its thread dump, when longer than
     * {@value #DUMP_EXCERPT_THREADS} threads, is kept whole in {@link #dumps()} and cut in the result.
     *
     * @return the verdict as kept
     */
    public synchronized WindowResult verdict(WindowResult w) {
        String problem = verdictProblem(w);
        if (problem != null) {
            violated(problem);
            return w;
        }
        WindowResult kept = w;
        if (w.threadDump() != null) {
            String file = dumpFileName(w.label());
            dumps.put(file, w.threadDump());
            kept = new WindowResult(w.id(), w.variant(), w.title(), w.family(), w.outcome(), w.durationMillis(),
                    w.reason(), w.violated(), w.evidence(), w.reproduce(),
                    ThreadDump.excerpt(w.threadDump(), DUMP_EXCERPT_THREADS, file), w.repeat(), w.trace());
        }
        // a failing exploration's schedule, carried in its trace, becomes a file next to the result
        dumps.putAll(io.github.fabrictck.explore.Schedule.filesIn(w.trace()));
        runs.computeIfAbsent(w.label(), k -> new ArrayList<>()).add(kept);
        runningLabel = null;
        running = null;
        return kept;
    }

    private String dumpFileName(String label) {
        String base = "thread-dump-" + label.replace('/', '-');
        String name = base + ".txt";
        for (int n = 2; dumps.containsKey(name); n++) {
            name = base + "-" + n + ".txt";
        }
        return name;
    }

    /**
     * The channel ended in the middle of a line (no end of line after it): the fork was killed, or
     * died, while it wrote. The partial line is no message and is not read; before the launcher's end
     * it only says that the fork's last message was lost, after it something wrote to the channel that
     * the launcher did not.
     */
    public synchronized void cutOff(String partial) {
        if (violation != null) {
            return;
        }
        if (ended) {
            violated("a cut-off line after the end: " + abbreviate(partial));
        } else {
            cutOff = true;
        }
    }

    /** Whether the channel ended in the middle of a message, before the launcher's end. */
    public synchronized boolean cutOff() {
        return cutOff;
    }

    /** The launcher's own end: the run is complete. */
    public synchronized String end() {
        if (header == null || runningLabel != null || ended) {
            return violated(ended ? "a second end" : header == null ? "an end before the header"
                    : "an end while " + runningLabel + " ran");
        }
        ended = true;
        return null;
    }

    /**
     * The result as far as it got: complete only after the launcher's end (and no violation), with
     * the window in progress named; {@code null} before the header arrived.
     */
    public synchronized Result snapshot() {
        if (header == null) {
            return null;
        }
        java.util.Map<String, String> settings = header.run() == null ? java.util.Map.of() : header.run().settings();
        List<WindowResult> windows = runs.values().stream().map(r -> Repetition.aggregate(r, settings)).toList();
        return new Result(header.schema(), header.tckVersion(), header.driver(), header.jvm(), complete(), running,
                windows, Sharding.withOutcomes(header.run(), runs), header.rewrittenCallSites(), header.adapters());
    }

    /** Whether the launcher's end arrived, and nothing out of order. */
    public synchronized boolean complete() {
        return ended && violation == null;
    }

    /** The configuration error the launcher refused the run with, or {@code null}. */
    public synchronized String refusal() {
        return refusal;
    }

    /** What failed in the kit, as the launcher said, or {@code null}. */
    public synchronized String kitFailure() {
        return kitFailure;
    }

    /** The first message out of order, in words, or {@code null}. */
    public synchronized String violation() {
        return violation;
    }

    /** The whole thread dumps by file name, for the output directory. */
    public synchronized Map<String, String> dumps() {
        return new LinkedHashMap<>(dumps);
    }
}
