package io.github.fabrictck.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Writes and reads {@code fabric-tck-result.json}, schema {@value Result#SCHEMA}, without a
 * dependency: the fork's side (the channel's messages, the standalone {@code --out} mode) and the
 * tools. The field names and their order are a public contract: CI tooling reads them. Maven's
 * process writes the same document through Jackson (the plugin's {@code ResultDocument}, tested
 * equal to this encoder's) and checks what it reads with {@link #fromJson(Map)}.
 */
public final class ResultJson {

    /** The file's name in the output directory. */
    public static final String FILE_NAME = "fabric-tck-result.json";

    private ResultJson() {
    }

    /**
     * Writes {@code result} to {@code file} atomically: a reader (the verify goal, a CI job watching
     * a run in progress) sees the previous complete document or the new one, never half of one.
     * Parent directories are created.
     */
    public static void write(Result result, Path file) throws IOException {
        AtomicFile.write(file, Json.pretty(toJson(result)));
    }

    /**
     * Reads a result file.
     *
     * @throws IOException with one sentence naming the file when it is missing, unreadable, or not
     *                     a {@value Result#SCHEMA} document
     */
    public static Result read(Path file) throws IOException {
        String text = readText(file);
        Object json;
        try {
            json = Json.parse(text);
        } catch (IllegalArgumentException malformed) {
            throw notAResult(file, malformed.getMessage(), malformed);
        }
        if (!(json instanceof Map<?, ?> root)) {
            throw notAResult(file, "it is not a JSON object.", null);
        }
        Object schema = root.get("schema");
        if (!Result.SCHEMA.equals(schema)) {
            throw notAResult(file, schema == null ? "it has no \"schema\"."
                    : "its schema is " + Json.write(schema) + ".", null);
        }
        try {
            return fromJson(new Node(root, ""));
        } catch (IllegalArgumentException invalid) {
            throw notAResult(file, invalid.getMessage(), invalid);
        }
    }

    /**
     * The text of a result file, whichever reader parses it.
     *
     * @throws IOException with one sentence naming the file when it is missing or unreadable
     */
    public static String readText(Path file) throws IOException {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException missing) {
            throw new IOException("No Fabric TCK result at " + file + ".", missing);
        } catch (IOException unreadable) {
            throw new IOException("Cannot read the Fabric TCK result " + file + ": " + unreadable + ".", unreadable);
        }
    }

    /** The one sentence for a file that is not a result document: the file, the schema and why. */
    public static IOException notAResult(Path file, String why, Exception cause) {
        return new IOException(file + " is not a " + Result.SCHEMA + " document: " + why, cause);
    }

    // ---------------------------------------------------------------- to JSON

    /** The JSON tree of {@code result}, in the contract's field order. */
    public static Map<String, Object> toJson(Result r) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schema", Result.SCHEMA);
        root.put("tck", object("version", r.tckVersion()));
        Result.DriverInfo driver = r.driver() == null ? new Result.DriverInfo(null, null) : r.driver();
        root.put("driver", object("name", driver.name(), "version", driver.version()));
        Result.JvmInfo jvm = r.jvm() == null ? new Result.JvmInfo(null, null) : r.jvm();
        root.put("jvm", object("version", jvm.version(), "vendor", jvm.vendor()));
        root.put("complete", r.complete());
        root.put("running", r.running());
        Result.Summary s = r.summary();
        root.put("summary", object("pass", (long) s.pass(), "fail", (long) s.fail(), "error", (long) s.error(),
                "notApplicable", (long) s.notApplicable()));
        List<Object> windows = new ArrayList<>();
        for (WindowResult w : r.windows()) {
            windows.add(toJson(w));
        }
        root.put("windows", windows);
        if (r.run() != null) {
            Result.Run run = r.run();
            Map<String, Object> facts = object("families", new ArrayList<Object>(run.families()),
                    "selected", new ArrayList<Object>(run.selected()), "excluded", new ArrayList<Object>(run.excluded()),
                    "settings", new LinkedHashMap<String, Object>(run.settings()));
            if (run.shard() != null) {
                facts.put("shard", toJson(run.shard()));
            }
            root.put("run", facts);
        }
        if (!r.rewrittenCallSites().isEmpty()) {
            List<Object> sites = new ArrayList<>();
            for (Result.CallSite c : r.rewrittenCallSites()) {
                sites.add(object("kind", c.kind(), "target", c.target(), "class", c.className(), "method", c.method(),
                        "file", c.file(), "line", (long) c.line()));
            }
            root.put("rewrittenCallSites", sites);
        }
        if (!r.adapters().isEmpty()) {
            List<Object> adapters = new ArrayList<>();
            for (Result.AdapterDeclaration a : r.adapters()) {
                adapters.add(toJson(a));
            }
            root.put("adapters", adapters);
        }
        return root;
    }

    /** The JSON tree of an adapter's declaration, as an element of {@code adapters}: in results and certificates alike. */
    public static Map<String, Object> toJson(Result.AdapterDeclaration a) {
        List<Object> sources = new ArrayList<>();
        for (Result.Source s : a.sources()) {
            sources.add(object("path", s.path(), "sha256", s.sha256()));
        }
        Map<String, Object> json = object("class", a.adapterClass(), "library", a.library(),
                "packages", new ArrayList<Object>(a.packages()), "boundaryTypes", new ArrayList<Object>(a.boundaryTypes()),
                "environmentPackages", new ArrayList<Object>(a.environmentPackages()),
                "replacedPackages", new ArrayList<Object>(a.replacedPackages()),
                "stubs", new ArrayList<Object>(a.stubs()), "sources", sources);
        if (!a.redirects().isEmpty()) {
            json.put("redirects", new java.util.LinkedHashMap<String, Object>(a.redirects()));
        }
        return json;
    }

    /** The JSON tree of a shard's facts, as {@code run.shard}. */
    private static Map<String, Object> toJson(Result.Shard shard) {
        List<Object> runs = new ArrayList<>();
        for (Result.ShardRun r : shard.runs()) {
            runs.add(object("window", r.window(), "repetition", (long) r.repetition(),
                    "outcome", r.outcome() == null ? null : r.outcome().name(), "durationMillis", r.durationMillis()));
        }
        return object("index", (long) shard.index(), "count", (long) shard.count(),
                "variants", new ArrayList<Object>(shard.variants()), "runs", runs);
    }

    /** The JSON tree of one window's verdict, as it appears in {@code windows}. */
    public static Map<String, Object> toJson(WindowResult w) {
        Map<String, Object> window = new LinkedHashMap<>();
        window.put("id", w.id());
        window.put("variant", w.variant());
        window.put("title", w.title());
        window.put("family", w.family());
        window.put("outcome", w.outcome() == null ? null : w.outcome().name());
        window.put("durationMillis", w.durationMillis());
        window.put("reason", w.reason());
        window.put("violated", new ArrayList<Object>(w.violated()));
        Evidence e = w.evidence() == null ? Evidence.none() : w.evidence();
        List<Object> holds = new ArrayList<>();
        for (Evidence.Hold h : e.holds()) {
            holds.add(object("thread", h.thread(), "point", h.point(), "at", h.at()));
        }
        window.put("evidence", object("windowOpened", e.windowOpened(), "holds", holds,
                "pointsHit", (long) e.pointsHit(), "instrumentedClasses", (long) e.instrumentedClasses()));
        window.put("reproduce", w.reproduce());
        window.put("threadDump", w.threadDump());
        window.put("repeat", w.repeat() == null ? null : toJson(w.repeat()));
        List<Object> trace = new ArrayList<>();
        for (TraceEvent t : w.trace()) {
            trace.add(object("t", t.t(), "thread", t.thread(), "event", t.event(), "at", t.at()));
        }
        window.put("trace", trace);
        return window;
    }

    private static Map<String, Object> toJson(RepeatStats r) {
        RepeatStats.Distribution d = r.timeToDetectMillis();
        return object("runs", (long) r.runs(), "pass", (long) r.pass(), "fail", (long) r.fail(), "error", (long) r.error(),
                "notApplicable", (long) r.notApplicable(), "timeToDetectMillis",
                d == null ? null : object("min", d.min(), "median", d.median(), "p95", d.p95(), "max", d.max()),
                "firstError", r.firstError());
    }

    private static RepeatStats repeatFromJson(Node w) {
        if (!w.members().containsKey("repeat") || w.members().get("repeat") == null) {
            return null;
        }
        Node r = w.object("repeat");
        RepeatStats.Distribution d = null;
        if (r.members().get("timeToDetectMillis") != null) {
            Node t = r.object("timeToDetectMillis");
            d = new RepeatStats.Distribution(t.number("min").longValue(), t.number("median").longValue(),
                    t.number("p95").longValue(), t.number("max").longValue());
        }
        return new RepeatStats(r.integer("runs"), r.integer("pass"), r.integer("fail"), r.integer("error"),
                r.integer("notApplicable"), d, r.optionalString("firstError"));
    }

    private static Map<String, Object> object(Object... namesAndValues) {
        Map<String, Object> object = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            object.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return object;
    }

    // ---------------------------------------------------------------- from JSON

    /**
     * The result a JSON tree of {@link #toJson(Result)} holds.
     *
     * @throws IllegalArgumentException naming the first field that is missing or of the wrong type
     */
    public static Result fromJson(Map<?, ?> root) {
        if (!Result.SCHEMA.equals(root.get("schema"))) {
            throw new IllegalArgumentException("\"schema\" must be " + Result.SCHEMA + ".");
        }
        return fromJson(new Node(root, ""));
    }

    /**
     * The verdict a JSON tree of {@link #toJson(WindowResult)} holds.
     *
     * @throws IllegalArgumentException naming the first field that is missing or of the wrong type
     */
    public static WindowResult windowFromJson(Map<?, ?> window) {
        return windowFromJson(new Node(window, ""));
    }

    private static Result fromJson(Node root) {
        Node driver = root.object("driver");
        Node jvm = root.object("jvm");
        List<WindowResult> windows = new ArrayList<>();
        for (Node w : root.objects("windows")) {
            windows.add(windowFromJson(w));
        }
        // "summary" is derived from the windows; Result.summary() recomputes it.
        return new Result(Result.SCHEMA, root.object("tck").string("version"),
                new Result.DriverInfo(driver.string("name"), driver.string("version")),
                new Result.JvmInfo(jvm.string("version"), jvm.string("vendor")),
                root.bool("complete"), root.optionalString("running"), windows, runFromJson(root),
                callSitesFromJson(root), adaptersFromJson(root, "adapters"));
    }

    /**
     * {@code adapters} (of a result or a certificate), which a run of a driver written against the SPI leaves out.
     *
     * @throws IllegalArgumentException naming the first field that is missing or of the wrong type
     */
    public static List<Result.AdapterDeclaration> adaptersFromJson(Map<?, ?> root) {
        return adaptersFromJson(new Node(root, ""), "adapters");
    }

    private static List<Result.AdapterDeclaration> adaptersFromJson(Node root, String name) {
        if (root.members().get(name) == null) {
            return List.of();
        }
        List<Result.AdapterDeclaration> adapters = new ArrayList<>();
        for (Node a : root.objects(name)) {
            List<Result.Source> sources = new ArrayList<>();
            for (Node s : a.objects("sources")) {
                sources.add(new Result.Source(s.requiredString("path"), s.requiredString("sha256")));
            }
            SortedMap<String, String> redirects = new TreeMap<>();
            if (a.members().get("redirects") != null) {
                Node r = a.object("redirects");
                for (Object from : r.members().keySet()) {
                    redirects.put(String.valueOf(from), r.requiredString(String.valueOf(from)));
                }
            }
            adapters.add(new Result.AdapterDeclaration(a.requiredString("class"), a.requiredString("library"),
                    strings(a, "packages"), strings(a, "boundaryTypes"), strings(a, "environmentPackages"),
                    strings(a, "replacedPackages"), strings(a, "stubs"), sources, redirects));
        }
        return adapters;
    }

    /** {@code rewrittenCallSites}, which a result of a driver written against the SPI leaves out. */
    private static List<Result.CallSite> callSitesFromJson(Node root) {
        if (root.members().get("rewrittenCallSites") == null) {
            return List.of();
        }
        List<Result.CallSite> sites = new ArrayList<>();
        for (Node c : root.objects("rewrittenCallSites")) {
            String kind = c.requiredString("kind");
            if (!Result.CallSite.KINDS.contains(kind)) {
                throw c.invalid("kind", "must be one of " + String.join(", ", Result.CallSite.KINDS));
            }
            sites.add(new Result.CallSite(kind, c.requiredString("target"), c.requiredString("class"),
                    c.requiredString("method"), c.string("file"), c.integer("line")));
        }
        return sites;
    }

    private static Result.Run runFromJson(Node root) {
        if (root.members().get("run") == null) {
            return null;
        }
        Node run = root.object("run");
        SortedMap<String, String> settings = new TreeMap<>();
        Node s = run.object("settings");
        for (Map.Entry<?, ?> e : s.members().entrySet()) {
            settings.put(String.valueOf(e.getKey()), s.string(String.valueOf(e.getKey())));
        }
        return new Result.Run(strings(run, "families"), strings(run, "selected"), strings(run, "excluded"), settings,
                run.members().get("shard") == null ? null : shardFromJson(run.object("shard")));
    }

    private static Result.Shard shardFromJson(Node shard) {
        List<Result.ShardRun> runs = new ArrayList<>();
        for (Node r : shard.objects("runs")) {
            String outcome = r.string("outcome");
            Outcome parsed = null;
            if (outcome != null) {
                try {
                    parsed = Outcome.valueOf(outcome);
                } catch (IllegalArgumentException unknown) {
                    throw r.invalid("outcome", "must be one of PASS, FAIL, ERROR, NOT_APPLICABLE or null");
                }
            }
            runs.add(new Result.ShardRun(r.requiredString("window"), r.integer("repetition"), parsed,
                    r.number("durationMillis").longValue()));
        }
        return new Result.Shard(shard.integer("index"), shard.integer("count"), strings(shard, "variants"), runs);
    }

    private static List<String> strings(Node node, String name) {
        List<String> strings = new ArrayList<>();
        List<Object> values = node.array(name);
        for (int i = 0; i < values.size(); i++) {
            if (!(values.get(i) instanceof String text)) {
                throw node.invalid(name + "[" + i + "]", "must be a string");
            }
            strings.add(text);
        }
        return strings;
    }

    private static WindowResult windowFromJson(Node w) {
        String outcome = w.requiredString("outcome");
        Outcome parsed;
        try {
            parsed = Outcome.valueOf(outcome);
        } catch (IllegalArgumentException unknown) {
            throw w.invalid("outcome", "must be one of PASS, FAIL, ERROR, NOT_APPLICABLE but is " + Json.write(outcome));
        }
        List<String> violated = strings(w, "violated");
        Node e = w.object("evidence");
        List<Evidence.Hold> holds = new ArrayList<>();
        for (Node h : e.objects("holds")) {
            holds.add(new Evidence.Hold(h.string("thread"), h.string("point"), h.string("at")));
        }
        Evidence evidence = new Evidence(e.bool("windowOpened"), holds, e.integer("pointsHit"),
                e.integer("instrumentedClasses"));
        List<TraceEvent> trace = new ArrayList<>();
        for (Node t : w.objects("trace")) {
            trace.add(new TraceEvent(t.number("t").doubleValue(), t.string("thread"), t.string("event"),
                    t.string("at")));
        }
        return new WindowResult(w.requiredString("id"), w.string("variant"), w.string("title"),
                w.string("family"), parsed, w.number("durationMillis").longValue(), w.string("reason"),
                violated, evidence, w.string("reproduce"), w.optionalString("threadDump"), repeatFromJson(w), trace);
    }

    /** A JSON object and its path in the document, so that a wrong field is named exactly. */
    private record Node(Map<?, ?> members, String path) {

        private Object member(String name) {
            if (!members.containsKey(name)) {
                throw invalid(name, "is missing");
            }
            return members.get(name);
        }

        /** A string member, which may be {@code null}. */
        String string(String name) {
            Object value = member(name);
            if (value != null && !(value instanceof String)) {
                throw invalid(name, "must be a string");
            }
            return (String) value;
        }

        /** A string member that older result files may not have. */
        String optionalString(String name) {
            return members.containsKey(name) ? string(name) : null;
        }

        String requiredString(String name) {
            String value = string(name);
            if (value == null) {
                throw invalid(name, "must not be null");
            }
            return value;
        }

        boolean bool(String name) {
            if (!(member(name) instanceof Boolean value)) {
                throw invalid(name, "must be true or false");
            }
            return value;
        }

        Number number(String name) {
            if (!(member(name) instanceof Number value)) {
                throw invalid(name, "must be a number");
            }
            return value;
        }

        int integer(String name) {
            if (!(member(name) instanceof Long value) || value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
                throw invalid(name, "must be an integer");
            }
            return value.intValue();
        }

        Node object(String name) {
            if (!(member(name) instanceof Map<?, ?> value)) {
                throw invalid(name, "must be an object");
            }
            return new Node(value, path + name + ".");
        }

        List<Object> array(String name) {
            if (!(member(name) instanceof List<?> value)) {
                throw invalid(name, "must be an array");
            }
            return new ArrayList<>(value);
        }

        List<Node> objects(String name) {
            List<Object> elements = array(name);
            List<Node> nodes = new ArrayList<>();
            for (int i = 0; i < elements.size(); i++) {
                if (!(elements.get(i) instanceof Map<?, ?> element)) {
                    throw invalid(name + "[" + i + "]", "must be an object");
                }
                nodes.add(new Node(element, path + name + "[" + i + "]."));
            }
            return nodes;
        }

        IllegalArgumentException invalid(String name, String problem) {
            return new IllegalArgumentException("\"" + path + name + "\" " + problem + ".");
        }
    }
}
