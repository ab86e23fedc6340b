package io.github.fabrictck.maven;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.RepeatStats;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.TraceEvent;
import io.github.fabrictck.report.WindowResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;

/**
 * {@value ResultJson#FILE_NAME} as Maven's process writes and reads it, through Jackson. The tree is
 * built member by member in the order of the contract (site/src/site/markdown/reports.md, "The result file"), the same
 * document the fork's dependency-free encoder ({@link ResultJson#toJson(Result)}) sends over the
 * channel; a read parses with Jackson (duplicate members and trailing text refused) and checks the
 * tree field by field with {@link ResultJson#fromJson(Map)}, the check the channel's messages get.
 */
final class ResultDocument {

    /** The one mapper of the plugin: strict parsing; integers as {@link Long}, as {@link ResultJson} expects. */
    static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_LONG_FOR_INTS)
            .build();

    /** Two spaces per level, {@code "name": value}, {@code []} and {@code {}} when empty: the layout the files always had. */
    private static final ObjectWriter PRETTY;

    static {
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator(""));
        printer.indentObjectsWith(indenter);
        printer.indentArraysWith(indenter);
        PRETTY = MAPPER.writer(printer);
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ResultDocument() {
    }

    /** {@code tree} as the text of a file people also read, ending with a line feed. */
    static String text(JsonNode tree) {
        try {
            return PRETTY.writeValueAsString(tree) + "\n";
        } catch (JsonProcessingException e) {
            // a tree of strings, numbers, booleans and nulls always serializes
            throw new IllegalStateException("Cannot write a JSON tree: " + e.getMessage(), e);
        }
    }

    /** The text of the result file of {@code result}. */
    static String text(Result result) {
        return text(tree(result));
    }

    /** Writes the result file of {@code result} atomically. */
    static void write(Result result, Path file) throws IOException {
        ReportFiles.write(file, text(result));
    }

    /** The tree of {@code r}, in the contract's member order. */
    static ObjectNode tree(Result r) {
        ObjectNode root = NODES.objectNode();
        root.put("schema", Result.SCHEMA);
        root.putObject("tck").put("version", r.tckVersion());
        Result.DriverInfo driver = r.driver() == null ? new Result.DriverInfo(null, null) : r.driver();
        root.putObject("driver").put("name", driver.name()).put("version", driver.version());
        Result.JvmInfo jvm = r.jvm() == null ? new Result.JvmInfo(null, null) : r.jvm();
        root.putObject("jvm").put("version", jvm.version()).put("vendor", jvm.vendor());
        root.put("complete", r.complete());
        root.put("running", r.running());
        Result.Summary s = r.summary();
        root.putObject("summary").put("pass", s.pass()).put("fail", s.fail()).put("error", s.error())
                .put("notApplicable", s.notApplicable());
        ArrayNode windows = root.putArray("windows");
        r.windows().forEach(w -> windows.add(tree(w)));
        if (r.run() != null) {
            ObjectNode run = root.putObject("run");
            strings(run.putArray("families"), r.run().families());
            strings(run.putArray("selected"), r.run().selected());
            strings(run.putArray("excluded"), r.run().excluded());
            ObjectNode settings = run.putObject("settings");
            r.run().settings().forEach(settings::put);
            Result.Shard shard = r.run().shard();
            if (shard != null) {
                ObjectNode part = run.putObject("shard").put("index", shard.index()).put("count", shard.count());
                strings(part.putArray("variants"), shard.variants());
                ArrayNode runs = part.putArray("runs");
                shard.runs().forEach(x -> runs.addObject().put("window", x.window()).put("repetition", x.repetition())
                        .put("outcome", x.outcome() == null ? null : x.outcome().name())
                        .put("durationMillis", x.durationMillis()));
            }
        }
        if (!r.rewrittenCallSites().isEmpty()) {
            ArrayNode sites = root.putArray("rewrittenCallSites");
            r.rewrittenCallSites().forEach(c -> sites.addObject().put("kind", c.kind()).put("target", c.target())
                    .put("class", c.className()).put("method", c.method()).put("file", c.file()).put("line", c.line()));
        }
        if (!r.adapters().isEmpty()) {
            ArrayNode adapters = root.putArray("adapters");
            r.adapters().forEach(a -> adapters.add(MAPPER.valueToTree(ResultJson.toJson(a))));
        }
        return root;
    }

    private static ObjectNode tree(WindowResult w) {
        ObjectNode window = NODES.objectNode();
        window.put("id", w.id());
        window.put("variant", w.variant());
        window.put("title", w.title());
        window.put("family", w.family());
        window.put("outcome", w.outcome() == null ? null : w.outcome().name());
        window.put("durationMillis", w.durationMillis());
        window.put("reason", w.reason());
        strings(window.putArray("violated"), w.violated());
        Evidence e = w.evidence() == null ? Evidence.none() : w.evidence();
        ObjectNode evidence = window.putObject("evidence");
        evidence.put("windowOpened", e.windowOpened());
        ArrayNode holds = evidence.putArray("holds");
        e.holds().forEach(h -> holds.addObject().put("thread", h.thread()).put("point", h.point()).put("at", h.at()));
        evidence.put("pointsHit", e.pointsHit());
        evidence.put("instrumentedClasses", e.instrumentedClasses());
        window.put("reproduce", w.reproduce());
        window.put("threadDump", w.threadDump());
        if (w.repeat() == null) {
            window.putNull("repeat");
        } else {
            RepeatStats r = w.repeat();
            ObjectNode repeat = window.putObject("repeat").put("runs", r.runs()).put("pass", r.pass())
                    .put("fail", r.fail()).put("error", r.error()).put("notApplicable", r.notApplicable());
            RepeatStats.Distribution d = r.timeToDetectMillis();
            if (d == null) {
                repeat.putNull("timeToDetectMillis");
            } else {
                repeat.putObject("timeToDetectMillis").put("min", d.min()).put("median", d.median())
                        .put("p95", d.p95()).put("max", d.max());
            }
            repeat.put("firstError", r.firstError());
        }
        ArrayNode trace = window.putArray("trace");
        for (TraceEvent t : w.trace()) {
            trace.addObject().put("t", t.t()).put("thread", t.thread()).put("event", t.event()).put("at", t.at());
        }
        return window;
    }

    private static void strings(ArrayNode array, Collection<String> strings) {
        strings.forEach(array::add);
    }

    /**
     * Reads a result file.
     *
     * @throws IOException with one sentence naming the file when it is missing, unreadable, or not
     *                     a {@value Result#SCHEMA} document
     */
    static Result read(Path file) throws IOException {
        String text = ResultJson.readText(file);
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException malformed) {
            throw ResultJson.notAResult(file, malformed(malformed), malformed);
        }
        if (root == null || !root.isObject()) {
            throw ResultJson.notAResult(file, "it is not a JSON object.", null);
        }
        JsonNode schema = root.get("schema");
        if (schema == null) {
            throw ResultJson.notAResult(file, "it has no \"schema\".", null);
        }
        if (!Result.SCHEMA.equals(schema.textValue())) {
            throw ResultJson.notAResult(file, "its schema is " + schema + ".", null);
        }
        Result r;
        try {
            r = ResultJson.fromJson(MAPPER.convertValue(root, Map.class));
        } catch (IllegalArgumentException invalid) {
            throw ResultJson.notAResult(file, invalid.getMessage(), invalid);
        }
        // the summary is derived from the windows; one that says otherwise was written by someone else
        JsonNode summary = root.get("summary");
        Result.Summary s = r.summary();
        if (summary != null && !(summary.path("pass").asInt(-1) == s.pass() && summary.path("fail").asInt(-1) == s.fail()
                && summary.path("error").asInt(-1) == s.error() && summary.path("notApplicable").asInt(-1) == s.notApplicable())) {
            throw ResultJson.notAResult(file, "its \"summary\" " + summary + " does not add up to its windows' verdicts ("
                    + s.pass() + " pass, " + s.fail() + " fail, " + s.error() + " error, " + s.notApplicable()
                    + " not applicable).", null);
        }
        return r;
    }

    /** Jackson's complaint as one sentence with the line and column, without its source excerpt. */
    static String malformed(JsonProcessingException e) {
        String where = e.getLocation() == null ? ""
                : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
        return "Malformed JSON" + where + ": " + e.getOriginalMessage() + ".";
    }
}
