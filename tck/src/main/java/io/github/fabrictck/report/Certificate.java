package io.github.fabrictck.report;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * {@value #FILE_NAME}, schema {@value #SCHEMA}: what a run certifies, bound together. Whether it is
 * a certification ({@link Verification#standing}) and why not; the kit's version, the catalog's
 * window ids and their digest; the driver and the families it declares; the windows selected and
 * excluded; every {@code fabric-tck.*} setting in effect ({@link Settings#effective}); the JVM; the
 * SHA-256 of every artifact that supplied driver code ({@link DriverArtifact}); for a library judged through
 * an adapter, what each adapter declared and the SHA-256 of the jars its library was read from
 * ({@link Result.AdapterDeclaration}, as the result records them); the SHA-256 of the result file and every verdict. The {@code verify} goal checks it against the artifacts and
 * the configuration as they are then ({@link #problems}); {@code recheck} runs it again. The plugin
 * writes and reads the file (in Maven's process, through Jackson); the layout is this one:
 *
 * <pre>
 * {
 *   "schema": "fabric-tck-certificate/2",
 *   "certified": false,
 *   "standing": "passed 3 of the selected windows — not a certification",
 *   "notCertifiedBecause": ["the selection leaves out CQ-2, CQ-3, CQ-4 of the declared family completion-queue"],
 *   "tck": {"version": "0.1.0"},
 *   "catalog": {"windows": ["CQ-1", ...], "sha256": "..."},
 *   "driver": {"name": "sample", "version": "1.0", "families": ["completion-queue", ...]},
 *   "windows": {"selected": ["CQ-1"], "excluded": []},
 *   "settings": {"fabric-tck.bound": "1", ..., "fabric-tck.windowTimeout": "60"},
 *   "jvm": {"version": "17.0.15", "vendor": "Debian"},
 *   "artifacts": [{"role": "module", "id": "com.acme:acme-adapter", "kind": "jar",
 *                  "path": "target/acme-adapter-1.0.jar", "sha256": "..."},
 *                 {"role": "dependency", "id": "com.acme:acme-core:1.0", "kind": "jar",
 *                  "path": "/home/me/.m2/repository/com/acme/acme-core/1.0/acme-core-1.0.jar", "sha256": "..."}],
 *   "adapters": [{"class": "io.github.fabrictck.adapters.disni.DisniAdapter", "library": "com.ibm.disni:disni:2.1",
 *                 "packages": ["com.ibm.disni."], "boundaryTypes": [...], "environmentPackages": [...],
 *                 "replacedPackages": [...], "stubs": [...], "redirects": {...} (only an adapter that has some),
 *                 "sources": [{"path": "/home/me/.m2/.../disni-2.1.jar", "sha256": "..."}]}],
 *   "result": {"file": "fabric-tck-result.json", "sha256": "...", "complete": true},
 *   "verdicts": [{"id": "CQ-1", "variant": "a", "outcome": "PASS"}, ...],
 *   "fork": {"java": {"path": "/usr/lib/jvm/java-17-openjdk-amd64/bin/java", "sha256": "..."},
 *            "environment": {"JAVA_TOOL_OPTIONS": "-Xmx2g"}, "agents": ["fabric-tck-0.1.0.jar"],
 *            "mavenConfig": {".mvn/wrapper/maven-wrapper.properties": "..."},
 *            "leftoverProcesses": ["the driver left process 1234 `sleep 150` running: ended"],
 *            "mavenAttachable": false, "runProblems": []}
 * }
 * </pre>
 *
 * <p>A shard's certificate ({@code -Dfabric-tck.shard=2/4}) has one more member, {@code "shard": {"index": 2,
 * "count": 4}}, and is never {@code certified}; the certificate {@code fabric-tck:merge} writes has
 * {@code "merged": {"shards": [{"index": 1, "count": 4, "result": {"sha256": "..."}, "certificate":
 * {"sha256": "..."}}, ...]}}, the digests of each shard's result and certificate files. A whole run's
 * certificate has neither member. {@code adapters} is left out for a driver written against the SPI; {@code fork}
 * ({@link ForkInfo}) is left out of a merged certificate and of those written before it existed.
 *
 * @param certified     whether the run is a certification
 * @param reasons       why it is not; empty when it is
 * @param standing      {@code certified}, or {@code passed N of the selected windows — not a certification}
 * @param tckVersion    the kit's version
 * @param catalog       the catalog's window ids, in order
 * @param catalogSha256 the digest of the catalog's windows ({@link #catalogSha256(Map)})
 * @param driver        the driver judged
 * @param families      the families the driver declares
 * @param selected      the window ids selected after inclusion and exclusion
 * @param excluded      the window ids or families excluded, as given
 * @param settings      every {@code fabric-tck.*} setting in effect, by name
 * @param jvm           the JVM the windows ran on
 * @param artifacts     every artifact that supplied driver code, the module's first
 * @param resultSha256  the SHA-256 of the result file's bytes
 * @param complete      whether the run finished
 * @param verdicts      every verdict, in the result's order
 * @param shard         which shard the result is, or {@code null} for a whole run
 * @param merged        the shards a merged result was joined from, in shard order, or {@code null} when it was not merged
 * @param adapters      each adapter the run used, as the result records it ({@link Result#adapters()}); empty for a
 *                      driver written against the SPI
 * @param fork          what Maven's process knows of the fork's process, or {@code null} (merged, older)
 */
public record Certificate(boolean certified, List<String> reasons, String standing, String tckVersion,
                          List<String> catalog, String catalogSha256, Result.DriverInfo driver, List<String> families,
                          List<String> selected, List<String> excluded, SortedMap<String, String> settings,
                          Result.JvmInfo jvm, List<DriverArtifact> artifacts, String resultSha256, boolean complete,
                          List<Verdict> verdicts, Part shard, List<MergedShard> merged,
                          List<Result.AdapterDeclaration> adapters, ForkInfo fork) {

    /** The schema id written in every certificate. */
    public static final String SCHEMA = "fabric-tck-certificate/2";

    /** The file's name in the output directory. */
    public static final String FILE_NAME = "fabric-tck-certificate.json";

    public Certificate {
        reasons = List.copyOf(reasons);
        catalog = List.copyOf(catalog);
        families = List.copyOf(families);
        selected = List.copyOf(selected);
        excluded = List.copyOf(excluded);
        settings = Collections.unmodifiableSortedMap(new TreeMap<>(settings));
        artifacts = List.copyOf(artifacts);
        verdicts = List.copyOf(verdicts);
        merged = merged == null ? null : List.copyOf(merged);
        adapters = adapters == null ? List.of() : List.copyOf(adapters);
    }

    /** A certificate with no record of the fork's process (a merged one, one written before {@code fork} existed). */
    public Certificate(boolean certified, List<String> reasons, String standing, String tckVersion,
                       List<String> catalog, String catalogSha256, Result.DriverInfo driver, List<String> families,
                       List<String> selected, List<String> excluded, SortedMap<String, String> settings,
                       Result.JvmInfo jvm, List<DriverArtifact> artifacts, String resultSha256, boolean complete,
                       List<Verdict> verdicts, Part shard, List<MergedShard> merged,
                       List<Result.AdapterDeclaration> adapters) {
        this(certified, reasons, standing, tckVersion, catalog, catalogSha256, driver, families, selected, excluded,
                settings, jvm, artifacts, resultSha256, complete, verdicts, shard, merged, adapters, null);
    }

    /**
     * What Maven's process knows of the fork it started, beyond what the fork says of itself: the {@code java}
     * it ran (path and SHA-256 of the executable), the JVM options the environment gave it
     * ({@code JAVA_TOOL_OPTIONS}, {@code JDK_JAVA_OPTIONS}, {@code _JAVA_OPTIONS}, those set), the agents it was
     * started with (the kit's jar, and nothing else in a certification), the build's {@code .mvn/} configuration
     * files by SHA-256, and the processes the driver left running, which were ended.
     *
     * @param javaPath      the {@code java} executable
     * @param javaSha256    its SHA-256, or {@code null} when it could not be read
     * @param environment   the JVM option variables of the fork's environment that were set, by name
     * @param agents        the {@code -javaagent} jars of the fork's command and environment, by file name
     * @param mavenConfig   each file of the build's {@code .mvn/} directory (path relative to the build's root)
     *                      with its SHA-256, as it was before the fork
     * @param leftovers     one sentence per process the driver left running when the fork ended
     * @param mavenAttachable whether Maven's own JVM, which judged the run, accepted the JDK's attach mechanism (it
     *                      was not started with {@code -XX:+DisableAttachMechanism}), or {@code null} when unknown
     * @param runProblems   what Maven's process found wrong with the run itself, one sentence each (the driver's
     *                      artifacts or the build's {@code .mvn/} changed while the fork ran, something attached to
     *                      Maven's JVM): each is a reason the run is no certification, and {@code verify} fails on it
     */
    public record ForkInfo(String javaPath, String javaSha256, SortedMap<String, String> environment,
                           List<String> agents, SortedMap<String, String> mavenConfig, List<String> leftovers,
                           Boolean mavenAttachable, List<String> runProblems) {

        public ForkInfo {
            runProblems = runProblems == null ? List.of() : List.copyOf(runProblems);
            environment = Collections.unmodifiableSortedMap(new TreeMap<>(environment));
            agents = List.copyOf(agents);
            mavenConfig = Collections.unmodifiableSortedMap(new TreeMap<>(mavenConfig));
            leftovers = List.copyOf(leftovers);
        }

        /**
         * Why a certificate with this record of its fork is no certification, in one sentence, or {@code null}: a
         * fork with any agent besides the kit's ran code of someone else's ahead of the kit.
         */
        public String problem() {
            if (agents.size() > 1) {
                return "the fork ran with " + agents.size() + " agents (" + String.join(", ", agents)
                        + "), not the kit's alone: another agent can rewrite the kit's classes and forge its verdicts";
            }
            return null;
        }
    }

    /** This certificate with {@code fork} recorded, and its problem (if any) a reason it is not a certification. */
    public Certificate withFork(ForkInfo fork, List<String> moreReasons) {
        List<String> all = new ArrayList<>(reasons);
        all.addAll(moreReasons);
        if (fork != null && fork.problem() != null) {
            all.add(fork.problem());
        }
        boolean still = certified && all.isEmpty();
        return new Certificate(still, all, phraseWith(still), tckVersion, catalog, catalogSha256, driver, families, selected,
                excluded, settings, jvm, artifacts, resultSha256, complete, verdicts, shard, merged, adapters, fork);
    }

    /** A certificate of no adapter. */
    public Certificate(boolean certified, List<String> reasons, String standing, String tckVersion,
                       List<String> catalog, String catalogSha256, Result.DriverInfo driver, List<String> families,
                       List<String> selected, List<String> excluded, SortedMap<String, String> settings,
                       Result.JvmInfo jvm, List<DriverArtifact> artifacts, String resultSha256, boolean complete,
                       List<Verdict> verdicts, Part shard, List<MergedShard> merged) {
        this(certified, reasons, standing, tckVersion, catalog, catalogSha256, driver, families, selected, excluded,
                settings, jvm, artifacts, resultSha256, complete, verdicts, shard, merged, List.of());
    }

    /**
     * The certificate's adapters as text, one line each: {@code adapter io.github.fabrictck.adapters.disni.DisniAdapter
     * declares com.ibm.disni:disni:2.1 (packages com.ibm.disni.; ...; 1 stub) and judged disni-2.1.jar sha256 ...}.
     */
    public List<String> adapterLines() {
        return adapters.stream().map(Result.AdapterDeclaration::sentence).toList();
    }

    /**
     * Why this certificate's adapters are not the ones {@code result} records, in one sentence, or
     * {@code null} when they are: a certificate whose {@code adapters} were edited still binds the
     * result's digest, so a reader of the certificate alone would be misled.
     */
    public String adapterProblem(Result result) {
        if (adapters.equals(result.adapters())) {
            return null;
        }
        return "The certificate names " + describe(adapters) + " but its result records " + describe(result.adapters())
                + ": the certificate was changed after the run; run fabric-tck:run again.";
    }

    /** The adapters with their sources by file name: the same library judged from another local repository is the same. */
    public static List<Result.AdapterDeclaration> withoutPaths(List<Result.AdapterDeclaration> adapters) {
        return adapters.stream().map(Result.AdapterDeclaration::withoutPaths).toList();
    }

    /** The adapters as the certificate's lines say them, in brackets, or {@code no adapter}. */
    public static String describe(List<Result.AdapterDeclaration> adapters) {
        return adapters.isEmpty() ? "no adapter"
                : "[" + String.join("; ", adapters.stream().map(Result.AdapterDeclaration::sentence).toList()) + "]";
    }

    /** The certificate of a whole run, neither a shard nor merged. */
    public Certificate(boolean certified, List<String> reasons, String standing, String tckVersion,
                       List<String> catalog, String catalogSha256, Result.DriverInfo driver, List<String> families,
                       List<String> selected, List<String> excluded, SortedMap<String, String> settings,
                       Result.JvmInfo jvm, List<DriverArtifact> artifacts, String resultSha256, boolean complete,
                       List<Verdict> verdicts) {
        this(certified, reasons, standing, tckVersion, catalog, catalogSha256, driver, families, selected, excluded,
                settings, jvm, artifacts, resultSha256, complete, verdicts, null, null);
    }

    /** Which shard: the {@code index}-th of {@code count}. */
    public record Part(int index, int count) {

        /** {@code 2/4}. */
        public String label() {
            return index + "/" + count;
        }
    }

    /**
     * A shard a merged result was joined from.
     *
     * @param index             which shard
     * @param count             of how many
     * @param resultSha256      the SHA-256 of the shard's result file
     * @param certificateSha256 the SHA-256 of the shard's certificate file
     */
    public record MergedShard(int index, int count, String resultSha256, String certificateSha256) {
    }

    /** This certificate recording that its result was merged from {@code shards}, with {@code reasons} not to certify added. */
    public Certificate merged(List<MergedShard> shards, List<String> moreReasons) {
        List<String> all = new ArrayList<>(reasons);
        all.addAll(moreReasons);
        boolean still = certified && all.isEmpty();
        return new Certificate(still, all, phraseWith(still), tckVersion, catalog, catalogSha256, driver, families,
                selected, excluded, settings, jvm, artifacts, resultSha256, complete, verdicts, null, shards, adapters);
    }

    /** The standing once more reasons may have been added: as it was, or no certification any more. */
    private String phraseWith(boolean still) {
        return still || !certified ? standing
                : "passed " + verdicts.stream().filter(v -> v.outcome() == Outcome.PASS).count()
                  + " of the selected windows — not a certification";
    }

    /** One verdict: window id, variant id (or {@code null}) and outcome. */
    public record Verdict(String id, String variant, Outcome outcome) {

        /** {@code CQ-1/a}, or {@code CQ-2} for a window with one variant. */
        public String label() {
            return variant == null ? id : id + "/" + variant;
        }
    }

    /**
     * The certificate of {@code r}, whose file has the SHA-256 {@code resultSha256}.
     *
     * @param catalog               the catalog's windows by id
     * @param artifacts             every artifact that supplied driver code, the module's first
     * @param parameters            the plugin's own settings that the fork does not see ({@code fabric-tck.repeat},
     *                              {@code fabric-tck.forkTimeout}), as configured
     * @param configured            every setting in effect as the plugin configured the fork
     *                              ({@link Settings#effective}), or {@code null}: when the fork reports
     *                              other settings (something in its JVM changed them), the run is not
     *                              a certification
     */
    public static Certificate of(Result r, Map<String, WindowInfo> catalog, List<DriverArtifact> artifacts,
                                 Map<String, String> parameters, Map<String, String> configured,
                                 String resultSha256) {
        return of(r, catalog, artifacts, parameters, configured, resultSha256, List.of());
    }

    /**
     * As {@link #of(Result, Map, List, Map, Map, String)}, with what Maven's process found wrong with the run itself
     * ({@code runProblems}: the classes that ran are not the bound jar), each a reason it is not a certification.
     */
    public static Certificate of(Result r, Map<String, WindowInfo> catalog, List<DriverArtifact> artifacts,
                                 Map<String, String> parameters, Map<String, String> configured,
                                 String resultSha256, List<String> runProblems) {
        Verification.Standing standing = Verification.standing(r, catalog);
        List<String> reasons = new ArrayList<>(standing.reasons());
        reasons.addAll(runProblems);
        Map<String, String> explicit = new TreeMap<>(r.run() == null ? Map.of() : r.run().settings());
        explicit.putAll(parameters);
        SortedMap<String, String> settings = Settings.effective(explicit);
        if (configured != null && r.run() != null) {
            Settings.differences(settings, configured).forEach(d -> reasons.add("the fork ran with " + d));
        }
        boolean certified = reasons.isEmpty();
        String phrase = new Verification.Standing(certified, standing.passed(), standing.notApplicable(), reasons,
                standing.shard()).phrase();
        List<Verdict> verdicts = r.windows().stream().map(w -> new Verdict(w.id(), w.variant(), w.outcome())).toList();
        Result.Run run = r.run();
        Result.Shard shard = run == null ? null : run.shard();
        return new Certificate(certified, reasons, phrase, r.tckVersion(), List.copyOf(catalog.keySet()),
                catalogSha256(catalog), r.driver(), run == null ? List.of() : run.families(),
                run == null ? List.of() : run.selected(), run == null ? List.of() : run.excluded(),
                settings, r.jvm(), artifacts, resultSha256, r.complete(), verdicts,
                shard == null ? null : new Part(shard.index(), shard.count()), null, r.adapters());
    }

    /**
     * The digest of the catalog: the SHA-256 of the JSON text of each window's id, family, title,
     * variants, interleaving and invariants, in catalog order. Another catalog (a window added,
     * changed or renamed) has another digest.
     */
    public static String catalogSha256(Map<String, WindowInfo> catalog) {
        List<Object> windows = new ArrayList<>();
        for (WindowInfo w : catalog.values()) {
            windows.add(object("id", w.id(), "family", w.family(), "title", w.title(),
                    "variants", new ArrayList<Object>(w.variants()),
                    "interleaving", new ArrayList<Object>(w.interleaving()),
                    "invariants", new ArrayList<Object>(w.invariants())));
        }
        return DriverArtifact.textSha256(Json.write(windows));
    }

    /**
     * What the build configures now, to compare with what the certificate records.
     *
     * @param driver   the driver's name configured, or {@code null} when any (the only one) will do
     * @param selected the window ids the configuration selects
     * @param excluded the window ids or families it excludes, as given
     * @param settings every setting in effect under the configuration ({@link Settings#effective})
     */
    public record Configuration(String driver, List<String> selected, List<String> excluded,
                                SortedMap<String, String> settings) {
    }

    /**
     * Why the certificate does not hold for the artifacts and the configuration as they are now,
     * one sentence each; empty when it holds.
     *
     * @param artifactsNow    every artifact that supplies driver code now, found as at the
     *                        run ({@code sha256} {@code null} when one is gone)
     * @param resultSha256Now the result file's SHA-256 now, or {@code null} when it is gone
     * @param configured      the build's configuration now, or {@code null} not to compare it
     */
    public List<String> problems(List<DriverArtifact> artifactsNow, String resultSha256Now, Configuration configured) {
        List<String> problems = new ArrayList<>(artifactProblems(artifactsNow));
        if (resultSha256Now == null) {
            problems.add("The Fabric TCK result is gone since the run wrote its certificate: run fabric-tck:run again.");
        } else if (!Objects.equals(resultSha256, resultSha256Now)) {
            problems.add("The Fabric TCK result changed since the run wrote its certificate (sha256 " + resultSha256
                    + " at run, " + resultSha256Now + " now): run fabric-tck:run again.");
        }
        if (configured != null) {
            problems.addAll(configurationProblems(configured));
        }
        if (fork != null && fork.problem() != null) {
            problems.add("The certificate's " + fork.problem() + ".");
        }
        if (fork != null) {
            fork.runProblems().forEach(p -> problems.add("The Fabric TCK run is no certification: " + p + "."));
        }
        return problems;
    }

    /** Each artifact recorded that is gone or changed now, and each one now that is not recorded. */
    public List<String> artifactProblems(List<DriverArtifact> artifactsNow) {
        List<String> problems = new ArrayList<>();
        for (DriverArtifact at : artifacts) {
            DriverArtifact now = artifactsNow.stream().filter(n -> sameArtifact(at, n)).findFirst().orElse(null);
            String what = describe(at);
            if (now == null || now.sha256() == null) {
                problems.add(what + " is gone since the Fabric TCK run" + (now == null ? "" : " (" + now.path() + ")")
                        + ": run fabric-tck:run again.");
            } else if (!at.sha256().equals(now.sha256())) {
                problems.add(what + " changed since the Fabric TCK run (sha256 " + at.sha256() + " at run, "
                        + now.sha256() + " now, " + now.path() + "): run fabric-tck:run again.");
            }
        }
        for (DriverArtifact now : artifactsNow) {
            if (artifacts.stream().noneMatch(at -> sameArtifact(at, now))) {
                problems.add(describe(now) + " is on the driver's class path now but the certificate does not name it: "
                        + "run fabric-tck:run again.");
            }
        }
        return problems;
    }

    private static boolean sameArtifact(DriverArtifact a, DriverArtifact b) {
        return a.role().equals(b.role()) && (DriverArtifact.MODULE.equals(a.role()) || Objects.equals(a.id(), b.id()));
    }

    private static String describe(DriverArtifact a) {
        return DriverArtifact.MODULE.equals(a.role())
                ? "The driver artifact (" + a.kind() + " " + a.path() + ")"
                : "The dependency " + a.id() + " (" + a.fileName() + ")";
    }

    /** How the configuration now differs from the one the certificate records, one sentence each. */
    public List<String> configurationProblems(Configuration configured) {
        List<String> problems = new ArrayList<>();
        if (configured.driver() != null && !configured.driver().isBlank() && driver != null
            && !configured.driver().strip().equals(driver.name())) {
            problems.add("The result is of driver " + driver.name() + ", but the build configures fabric-tck.driver="
                    + configured.driver().strip() + ": run fabric-tck:run again.");
        }
        if (!selected.equals(configured.selected())) {
            problems.add("The result ran windows " + String.join(",", selected) + ", but the build selects "
                    + String.join(",", configured.selected()) + ": run fabric-tck:run again.");
        } else if (!excluded.equals(configured.excluded())) {
            problems.add("The result excluded " + (excluded.isEmpty() ? "nothing" : String.join(",", excluded))
                    + ", but the build excludes " + (configured.excluded().isEmpty() ? "nothing"
                    : String.join(",", configured.excluded())) + ": run fabric-tck:run again.");
        }
        for (String d : Settings.differences(settings, configured.settings())) {
            problems.add("The result was made with " + d + ": run fabric-tck:run again.");
        }
        return problems;
    }

    /**
     * How {@code again} (the certificate of a re-run of this one's configuration) differs from this
     * one, one sentence each: the kit, the catalog, the driver, its families, the windows, the
     * settings, the adapters (their library files by name and digest), whether the run finished, each
     * verdict and whether it certifies. The JVM and the artifacts' hashes are not compared here (see
     * {@link #artifactProblems}). Empty when it reproduces this one.
     */
    public List<String> differences(Certificate again) {
        List<String> d = new ArrayList<>();
        differ(d, "the kit's version", tckVersion, again.tckVersion);
        differ(d, "the catalog's digest", catalogSha256, again.catalogSha256);
        differ(d, "the driver", driver, again.driver);
        differ(d, "the families declared", families, again.families);
        differ(d, "the windows selected", selected, again.selected);
        differ(d, "the windows excluded", excluded, again.excluded);
        Settings.differences(settings, again.settings)
                .forEach(x -> d.add("the certificate has " + x.replace(", but the build ", ", but the re-run ")));
        if (!withoutPaths(adapters).equals(withoutPaths(again.adapters))) {
            d.add("the adapters: " + describe(adapters) + " in the certificate, " + describe(again.adapters) + " in the re-run");
        }
        differ(d, "whether the run finished", complete, again.complete);
        Map<String, Outcome> before = new LinkedHashMap<>();
        verdicts.forEach(v -> before.put(v.label(), v.outcome()));
        Map<String, Outcome> after = new LinkedHashMap<>();
        again.verdicts.forEach(v -> after.put(v.label(), v.outcome()));
        before.forEach((label, outcome) -> {
            if (!after.containsKey(label)) {
                d.add(label + " was " + outcome + " and has no verdict in the re-run");
            } else if (after.get(label) != outcome) {
                d.add(label + " was " + outcome + " and is " + after.get(label) + " in the re-run");
            }
        });
        after.keySet().stream().filter(label -> !before.containsKey(label))
                .forEach(label -> d.add(label + " is " + after.get(label) + " in the re-run but not in the certificate"));
        differ(d, "whether it certifies", certified, again.certified);
        return d;
    }

    private static void differ(List<String> d, String what, Object before, Object after) {
        if (!Objects.equals(before, after)) {
            d.add(what + ": " + before + " in the certificate, " + after + " in the re-run");
        }
    }

    private static Map<String, Object> object(Object... namesAndValues) {
        Map<String, Object> o = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            o.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return o;
    }
}
