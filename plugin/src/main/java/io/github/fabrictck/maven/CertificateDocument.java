package io.github.fabrictck.maven;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * {@value Certificate#FILE_NAME}, schema {@value Certificate#SCHEMA}, as Maven's process writes and
 * reads it, through Jackson's tree model in the member order {@link Certificate} documents.
 */
final class CertificateDocument {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private CertificateDocument() {
    }

    /** The certificate as the text of its file. */
    static String text(Certificate c) {
        return ResultDocument.text(tree(c));
    }

    static ObjectNode tree(Certificate c) {
        ObjectNode root = NODES.objectNode();
        root.put("schema", Certificate.SCHEMA);
        root.put("certified", c.certified());
        root.put("standing", c.standing());
        strings(root.putArray("notCertifiedBecause"), c.reasons());
        root.putObject("tck").put("version", c.tckVersion());
        ObjectNode catalog = root.putObject("catalog");
        strings(catalog.putArray("windows"), c.catalog());
        catalog.put("sha256", c.catalogSha256());
        ObjectNode driver = root.putObject("driver");
        driver.put("name", c.driver() == null ? null : c.driver().name());
        driver.put("version", c.driver() == null ? null : c.driver().version());
        strings(driver.putArray("families"), c.families());
        ObjectNode windows = root.putObject("windows");
        strings(windows.putArray("selected"), c.selected());
        strings(windows.putArray("excluded"), c.excluded());
        ObjectNode settings = root.putObject("settings");
        c.settings().forEach(settings::put);
        if (c.jvm() == null) {
            root.putNull("jvm");
        } else {
            root.putObject("jvm").put("version", c.jvm().version()).put("vendor", c.jvm().vendor());
        }
        ArrayNode artifacts = root.putArray("artifacts");
        c.artifacts().forEach(a -> artifacts.addObject().put("role", a.role()).put("id", a.id()).put("kind", a.kind())
                .put("path", a.path()).put("sha256", a.sha256()));
        if (!c.adapters().isEmpty()) {
            ArrayNode adapters = root.putArray("adapters");
            c.adapters().forEach(a -> adapters.add(ResultDocument.MAPPER.valueToTree(ResultJson.toJson(a))));
        }
        root.putObject("result").put("file", ResultJson.FILE_NAME).put("sha256", c.resultSha256())
                .put("complete", c.complete());
        ArrayNode verdicts = root.putArray("verdicts");
        c.verdicts().forEach(v -> verdicts.addObject().put("id", v.id()).put("variant", v.variant())
                .put("outcome", v.outcome().name()));
        if (c.fork() != null) {
            Certificate.ForkInfo f = c.fork();
            ObjectNode fork = root.putObject("fork");
            fork.putObject("java").put("path", f.javaPath()).put("sha256", f.javaSha256());
            ObjectNode environment = fork.putObject("environment");
            f.environment().forEach(environment::put);
            strings(fork.putArray("agents"), f.agents());
            ObjectNode mavenConfig = fork.putObject("mavenConfig");
            f.mavenConfig().forEach(mavenConfig::put);
            strings(fork.putArray("leftoverProcesses"), f.leftovers());
            if (f.mavenAttachable() != null) {
                fork.put("mavenAttachable", f.mavenAttachable());
            }
            strings(fork.putArray("runProblems"), f.runProblems());
        }
        if (c.shard() != null) {
            root.putObject("shard").put("index", c.shard().index()).put("count", c.shard().count());
        }
        if (c.merged() != null) {
            ArrayNode shards = root.putObject("merged").putArray("shards");
            c.merged().forEach(m -> {
                ObjectNode shard = shards.addObject().put("index", m.index()).put("count", m.count());
                shard.putObject("result").put("sha256", m.resultSha256());
                shard.putObject("certificate").put("sha256", m.certificateSha256());
            });
        }
        return root;
    }

    private static void strings(ArrayNode array, List<String> strings) {
        strings.forEach(array::add);
    }

    /**
     * Reads a certificate.
     *
     * @throws IOException with one sentence naming the file when it is missing, unreadable or not a
     *                     {@value Certificate#SCHEMA} document
     */
    static Certificate read(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException missing) {
            throw new IOException("No Fabric TCK certificate at " + file + ".", missing);
        }
        try {
            JsonNode root;
            try {
                root = ResultDocument.MAPPER.readTree(text);
            } catch (JsonProcessingException malformed) {
                throw new IllegalArgumentException(ResultDocument.malformed(malformed), malformed);
            }
            if (root == null || !root.isObject() || !Certificate.SCHEMA.equals(root.path("schema").textValue())) {
                throw new IllegalArgumentException("its schema is not " + Certificate.SCHEMA + ".");
            }
            JsonNode driver = object(root, "driver");
            JsonNode jvm = root.hasNonNull("jvm") ? object(root, "jvm") : null;
            JsonNode result = object(root, "result");
            JsonNode windows = object(root, "windows");
            List<Certificate.Verdict> verdicts = new ArrayList<>();
            for (JsonNode v : array(root, "verdicts")) {
                if (!v.isObject()) {
                    throw new IllegalArgumentException("a verdict is not an object.");
                }
                verdicts.add(new Certificate.Verdict(string(v, "id"), string(v, "variant"),
                        Outcome.valueOf(string(v, "outcome"))));
            }
            List<DriverArtifact> artifacts = new ArrayList<>();
            for (JsonNode a : array(root, "artifacts")) {
                if (!a.isObject()) {
                    throw new IllegalArgumentException("an artifact is not an object.");
                }
                artifacts.add(new DriverArtifact(string(a, "role"), string(a, "id"), string(a, "kind"),
                        string(a, "path"), string(a, "sha256")));
            }
            SortedMap<String, String> settings = texts(object(root, "settings"));
            return new Certificate(root.path("certified").booleanValue(), strings(root, "notCertifiedBecause"),
                    string(root, "standing"), string(object(root, "tck"), "version"),
                    strings(object(root, "catalog"), "windows"), string(object(root, "catalog"), "sha256"),
                    new Result.DriverInfo(string(driver, "name"), string(driver, "version")),
                    strings(driver, "families"), strings(windows, "selected"), strings(windows, "excluded"), settings,
                    jvm == null ? null : new Result.JvmInfo(string(jvm, "version"), string(jvm, "vendor")),
                    artifacts, string(result, "sha256"), result.path("complete").booleanValue(), verdicts,
                    root.hasNonNull("shard") ? new Certificate.Part(integer(object(root, "shard"), "index"),
                            integer(object(root, "shard"), "count")) : null, merged(root),
                    ResultJson.adaptersFromJson(ResultDocument.MAPPER.convertValue(root, Map.class)), fork(root));
        } catch (IllegalArgumentException invalid) {
            throw new IOException(file + " is not a " + Certificate.SCHEMA + " document: " + invalid.getMessage(), invalid);
        }
    }

    private static Certificate.ForkInfo fork(JsonNode root) {
        if (!root.hasNonNull("fork")) {
            return null;
        }
        JsonNode fork = object(root, "fork");
        JsonNode java = object(fork, "java");
        return new Certificate.ForkInfo(string(java, "path"), string(java, "sha256"), texts(object(fork, "environment")),
                strings(fork, "agents"), texts(object(fork, "mavenConfig")), strings(fork, "leftoverProcesses"),
                fork.path("mavenAttachable").isBoolean() ? fork.get("mavenAttachable").booleanValue() : null,
                fork.hasNonNull("runProblems") ? strings(fork, "runProblems") : List.of());
    }

    private static SortedMap<String, String> texts(JsonNode o) {
        SortedMap<String, String> map = new TreeMap<>();
        o.properties().forEach(e -> map.put(e.getKey(), e.getValue().isTextual() ? e.getValue().textValue()
                : e.getValue().toString()));
        return map;
    }

    private static List<Certificate.MergedShard> merged(JsonNode root) {
        if (!root.hasNonNull("merged")) {
            return null;
        }
        List<Certificate.MergedShard> shards = new ArrayList<>();
        for (JsonNode m : array(object(root, "merged"), "shards")) {
            if (!m.isObject()) {
                throw new IllegalArgumentException("a merged shard is not an object.");
            }
            shards.add(new Certificate.MergedShard(integer(m, "index"), integer(m, "count"),
                    string(object(m, "result"), "sha256"), string(object(m, "certificate"), "sha256")));
        }
        return shards;
    }

    private static int integer(JsonNode o, String name) {
        if (!o.path(name).canConvertToInt() || !o.path(name).isIntegralNumber()) {
            throw new IllegalArgumentException("\"" + name + "\" is not a whole number.");
        }
        return o.get(name).intValue();
    }

    private static List<String> strings(JsonNode o, String name) {
        List<String> strings = new ArrayList<>();
        array(o, name).forEach(s -> strings.add(s.isTextual() ? s.textValue() : s.toString()));
        return strings;
    }

    private static JsonNode object(JsonNode o, String name) {
        if (!o.path(name).isObject()) {
            throw new IllegalArgumentException("\"" + name + "\" is not an object.");
        }
        return o.get(name);
    }

    private static JsonNode array(JsonNode o, String name) {
        if (!o.path(name).isArray()) {
            throw new IllegalArgumentException("\"" + name + "\" is not an array.");
        }
        return o.get(name);
    }

    private static String string(JsonNode o, String name) {
        JsonNode v = o.path(name);
        if (v.isMissingNode() || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException("\"" + name + "\" is not a string.");
        }
        return v.textValue();
    }
}
