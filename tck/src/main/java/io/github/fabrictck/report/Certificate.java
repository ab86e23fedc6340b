package io.github.fabrictck.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@value #FILE_NAME}, schema {@value #SCHEMA}: what a run certifies, bound together. The kit's
 * version and the catalog's window ids, the driver's name and version and the SHA-256 of its
 * artifact (see {@link DriverArtifact}), the JVM, the SHA-256 of the result file and every verdict.
 * The {@code verify} goal checks it against the artifact as it is then ({@link #problems}).
 *
 * <pre>
 * {
 *   "schema": "fabric-tck-certificate/1",
 *   "tck": {"version": "0.1.0"},
 *   "catalog": {"windows": ["CQ-1", "CQ-2", "CQ-3", "CQ-4"]},
 *   "driver": {"name": "sample", "version": "1.0",
 *              "artifact": {"kind": "jar", "path": "target/sample-1.0.jar", "sha256": "..."}},
 *   "jvm": {"version": "17.0.15", "vendor": "Debian"},
 *   "result": {"file": "fabric-tck-result.json", "sha256": "...", "complete": true},
 *   "verdicts": [{"id": "CQ-1", "variant": "a", "outcome": "PASS"}, ...]
 * }
 * </pre>
 *
 * @param tckVersion   the kit's version
 * @param catalog      the catalog's window ids, in order
 * @param driver       the driver judged
 * @param artifact     the driver's artifact
 * @param jvm          the JVM the windows ran on
 * @param resultSha256 the SHA-256 of the result file's bytes
 * @param complete     whether the run finished
 * @param verdicts     every verdict, in the result's order
 */
public record Certificate(String tckVersion, List<String> catalog, Result.DriverInfo driver, DriverArtifact artifact,
                          Result.JvmInfo jvm, String resultSha256, boolean complete, List<Verdict> verdicts) {

    /** The schema id written in every certificate. */
    public static final String SCHEMA = "fabric-tck-certificate/1";

    /** The file's name in the output directory. */
    public static final String FILE_NAME = "fabric-tck-certificate.json";

    public Certificate {
        catalog = List.copyOf(catalog);
        verdicts = List.copyOf(verdicts);
    }

    /** One verdict: window id, variant id (or {@code null}) and outcome. */
    public record Verdict(String id, String variant, Outcome outcome) {
    }

    /**
     * Reads the result file in {@code directory}, writes the certificate of it next to it
     * (atomically) and returns it.
     *
     * @param catalog  the catalog's window ids
     * @param artifact the driver's artifact, as {@link DriverArtifact#of} found it
     */
    public static Certificate issue(Path directory, Collection<String> catalog, DriverArtifact artifact)
            throws IOException {
        Path resultFile = directory.resolve(ResultJson.FILE_NAME);
        Result result = ResultJson.read(resultFile);
        Certificate c = of(result, catalog, artifact, DriverArtifact.fileSha256(resultFile));
        AtomicFile.write(directory.resolve(FILE_NAME), Json.pretty(c.toJson()));
        return c;
    }

    /** The certificate of {@code r}, whose file has the SHA-256 {@code resultSha256}. */
    public static Certificate of(Result r, Collection<String> catalog, DriverArtifact artifact, String resultSha256) {
        List<Verdict> verdicts = r.windows().stream().map(w -> new Verdict(w.id(), w.variant(), w.outcome())).toList();
        return new Certificate(r.tckVersion(), List.copyOf(catalog), r.driver(), artifact, r.jvm(), resultSha256,
                r.complete(), verdicts);
    }

    /**
     * Why the certificate no longer holds, one sentence each: the driver artifact or the result file
     * changed since the run. Empty when it holds.
     *
     * @param artifactNow     the artifact as it is now ({@link DriverArtifact#now}); its {@code sha256}
     *                        is {@code null} when it is gone
     * @param resultSha256Now the result file's SHA-256 now, or {@code null} when it is gone (the
     *                        verification says so itself)
     */
    public List<String> problems(DriverArtifact artifactNow, String resultSha256Now) {
        List<String> problems = new ArrayList<>();
        if (artifact != null && artifact.sha256() != null && !artifact.sha256().equals(artifactNow.sha256())) {
            problems.add("The driver artifact changed since the Fabric TCK run (sha256 " + artifact.sha256() + " at run, "
                    + (artifactNow.sha256() == null ? artifactNow.path() + " is gone now" : artifactNow.sha256() + " now")
                    + "): run fabric-tck:run again.");
        }
        if (resultSha256 != null && resultSha256Now != null && !resultSha256.equals(resultSha256Now)) {
            problems.add("The Fabric TCK result changed since the run wrote its certificate (sha256 " + resultSha256
                    + " at run, " + resultSha256Now + " now): run fabric-tck:run again.");
        }
        return problems;
    }

    /**
     * The {@code verify} goal's check: when {@code directory} holds a certificate, why it no longer
     * holds for the artifact as it is now ({@link #problems}); empty when it holds or there is none.
     * A certificate that cannot be read is one problem.
     *
     * @param mainArtifact  the project's main artifact file now, or {@code null}
     * @param baseDirectory the project's base directory
     */
    public static List<String> check(Path directory, Path mainArtifact, Path baseDirectory) {
        Path file = directory.resolve(FILE_NAME);
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            Certificate c = read(file);
            Path resultFile = directory.resolve(ResultJson.FILE_NAME);
            String resultNow = Files.isRegularFile(resultFile) ? DriverArtifact.fileSha256(resultFile) : null;
            DriverArtifact now = c.artifact() == null ? null
                    : DriverArtifact.now(c.artifact(), mainArtifact, baseDirectory);
            return c.problems(now, resultNow);
        } catch (IOException e) {
            return List.of(e.getMessage() + " Run fabric-tck:run again.");
        }
    }

    /** The certificate as JSON text. */
    public String toJsonText() {
        return Json.pretty(toJson());
    }

    Map<String, Object> toJson() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schema", SCHEMA);
        root.put("tck", object("version", tckVersion));
        root.put("catalog", object("windows", catalog));
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("name", driver == null ? null : driver.name());
        d.put("version", driver == null ? null : driver.version());
        d.put("artifact", artifact == null ? null
                : object("kind", artifact.kind(), "path", artifact.path(), "sha256", artifact.sha256()));
        root.put("driver", d);
        root.put("jvm", jvm == null ? null : object("version", jvm.version(), "vendor", jvm.vendor()));
        root.put("result", object("file", ResultJson.FILE_NAME, "sha256", resultSha256, "complete", complete));
        List<Object> v = new ArrayList<>();
        verdicts.forEach(x -> v.add(object("id", x.id(), "variant", x.variant(), "outcome", x.outcome().name())));
        root.put("verdicts", v);
        return root;
    }

    private static Map<String, Object> object(Object... namesAndValues) {
        Map<String, Object> o = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            o.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return o;
    }

    /**
     * Reads a certificate.
     *
     * @throws IOException with one sentence naming the file when it is missing, unreadable or not a
     *                     {@value #SCHEMA} document
     */
    public static Certificate read(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException missing) {
            throw new IOException("No Fabric TCK certificate at " + file + ".", missing);
        }
        try {
            Object json = Json.parse(text);
            if (!(json instanceof Map<?, ?> root) || !SCHEMA.equals(root.get("schema"))) {
                throw new IllegalArgumentException("its schema is not " + SCHEMA + ".");
            }
            Map<?, ?> driver = map(root, "driver");
            Map<?, ?> artifact = driver.get("artifact") == null ? null : map(driver, "artifact");
            Map<?, ?> jvm = root.get("jvm") == null ? null : map(root, "jvm");
            Map<?, ?> result = map(root, "result");
            List<Verdict> verdicts = new ArrayList<>();
            for (Object o : list(root, "verdicts")) {
                if (!(o instanceof Map<?, ?> v)) {
                    throw new IllegalArgumentException("a verdict is not an object.");
                }
                verdicts.add(new Verdict(string(v, "id"), string(v, "variant"), Outcome.valueOf(string(v, "outcome"))));
            }
            List<String> catalog = new ArrayList<>();
            list(map(root, "catalog"), "windows").forEach(id -> catalog.add(String.valueOf(id)));
            return new Certificate(string(map(root, "tck"), "version"), catalog,
                    new Result.DriverInfo(string(driver, "name"), string(driver, "version")),
                    artifact == null ? null : new DriverArtifact(string(artifact, "kind"), string(artifact, "path"),
                            string(artifact, "sha256")),
                    jvm == null ? null : new Result.JvmInfo(string(jvm, "version"), string(jvm, "vendor")),
                    string(result, "sha256"), Boolean.TRUE.equals(result.get("complete")), verdicts);
        } catch (IllegalArgumentException | ClassCastException invalid) {
            throw new IOException(file + " is not a " + SCHEMA + " document: " + invalid.getMessage(), invalid);
        }
    }

    private static Map<?, ?> map(Map<?, ?> o, String name) {
        if (!(o.get(name) instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException("\"" + name + "\" is not an object.");
        }
        return m;
    }

    private static List<?> list(Map<?, ?> o, String name) {
        if (!(o.get(name) instanceof List<?> l)) {
            throw new IllegalArgumentException("\"" + name + "\" is not an array.");
        }
        return l;
    }

    private static String string(Map<?, ?> o, String name) {
        Object v = o.get(name);
        if (v != null && !(v instanceof String)) {
            throw new IllegalArgumentException("\"" + name + "\" is not a string.");
        }
        return (String) v;
    }
}
