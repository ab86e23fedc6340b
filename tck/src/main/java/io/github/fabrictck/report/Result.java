package io.github.fabrictck.report;

import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The content of {@code fabric-tck-result.json}, schema {@value #SCHEMA}: the contract CI tooling
 * reads. See the site's reports page (site/src/site/markdown/reports.md), "The result file".
 *
 * @param schema     always {@value #SCHEMA}
 * @param tckVersion the kit's version ({@code tck.version} in JSON)
 * @param driver     the driver judged
 * @param jvm        the JVM the windows ran on
 * @param complete   {@code false} while the run is in progress or when it was cut short
 * @param running    the label of the window in progress ({@code CQ-1/a}), or {@code null}
 * @param windows    one entry per window variant, in catalog order
 * @param run        what was asked of this run and what the driver declared, or {@code null} when not known
 *                   (a result written before the fork reached the driver)
 * @param rewrittenCallSites every call site of an adapter's library that the agent rewrote ({@code rewrittenCallSites}
 *                   in JSON, left out when empty): its boundary calls and JDK synchronisation, which became points,
 *                   and its stubbed native calls ({@link CallSite#KINDS}), sorted; empty for a driver written against
 *                   the SPI
 * @param adapters   each adapter the agent found, as it declared itself, with the library jars or directories the
 *                   scan read ({@code adapters} in JSON, left out when empty); empty for a driver written against the SPI
 */
public record Result(String schema, String tckVersion, DriverInfo driver, JvmInfo jvm, boolean complete,
                     String running, List<WindowResult> windows, Run run, List<CallSite> rewrittenCallSites,
                     List<AdapterDeclaration> adapters) {

    /** The schema id written in every result file. */
    public static final String SCHEMA = "fabric-tck-result/1";

    public Result {
        windows = List.copyOf(windows);
        rewrittenCallSites = rewrittenCallSites == null ? List.of() : List.copyOf(rewrittenCallSites);
        adapters = adapters == null ? List.of() : List.copyOf(adapters);
    }

    /** A result of no adapter: a driver written against the SPI, or one that keeps {@code adapters} aside. */
    public Result(String schema, String tckVersion, DriverInfo driver, JvmInfo jvm, boolean complete,
                  String running, List<WindowResult> windows, Run run, List<CallSite> rewrittenCallSites) {
        this(schema, tckVersion, driver, jvm, complete, running, windows, run, rewrittenCallSites, List.of());
    }

    /** A result with no library call site rewritten: a driver written against the SPI. */
    public Result(String schema, String tckVersion, DriverInfo driver, JvmInfo jvm, boolean complete,
                  String running, List<WindowResult> windows, Run run) {
        this(schema, tckVersion, driver, jvm, complete, running, windows, run, List.of());
    }

    /** A result whose run facts are not known. */
    public Result(String schema, String tckVersion, DriverInfo driver, JvmInfo jvm, boolean complete,
                  String running, List<WindowResult> windows) {
        this(schema, tckVersion, driver, jvm, complete, running, windows, null);
    }

    /** A result with no window in progress. */
    public Result(String schema, String tckVersion, DriverInfo driver, JvmInfo jvm, boolean complete,
                  List<WindowResult> windows) {
        this(schema, tckVersion, driver, jvm, complete, null, windows);
    }

    /** Counts of each outcome, as written in {@code summary}. */
    public Summary summary() {
        int pass = 0, fail = 0, error = 0, notApplicable = 0;
        for (WindowResult w : windows) {
            switch (w.outcome()) {
                case PASS -> pass++;
                case FAIL -> fail++;
                case ERROR -> error++;
                case NOT_APPLICABLE -> notApplicable++;
            }
        }
        return new Summary(pass, fail, error, notApplicable);
    }

    /** The driver's identity. */
    public record DriverInfo(String name, String version) {
    }

    /** The JVM's identity. */
    public record JvmInfo(String version, String vendor) {
    }

    /**
     * What a run was asked to do and what the driver declared: the certificate's scope.
     *
     * @param families the families the driver declares ({@code CQ}, {@code HS}, {@code CS}), in catalog order
     * @param selected the window ids that were selected to run after inclusion and exclusion, in catalog order
     * @param excluded the window ids or families the run was asked to leave out, as given
     * @param settings every {@code fabric-tck.*} system property in effect in the fork, by name, sorted
     * @param shard    which part of a sharded run this is ({@code -Dfabric-tck.shard=i/n}), or {@code null}
     *                 for a whole run (a merged one too)
     */
    public record Run(List<String> families, List<String> selected, List<String> excluded,
                      SortedMap<String, String> settings, Shard shard) {
        public Run {
            families = List.copyOf(families);
            selected = List.copyOf(selected);
            excluded = List.copyOf(excluded);
            settings = Collections.unmodifiableSortedMap(new TreeMap<>(settings));
        }

        /** The facts of a whole (unsharded) run. */
        public Run(List<String> families, List<String> selected, List<String> excluded,
                   SortedMap<String, String> settings) {
            this(families, selected, excluded, settings, null);
        }
    }

    /**
     * A shard: the {@code index}-th of {@code count} disjoint parts of a run's (variant, repetition)
     * runs, as the launcher's split assigns them ({@code launcher.Sharding}).
     *
     * @param index    1 to {@code count}
     * @param count    how many shards the run is split into
     * @param variants every window variant of the whole run, in catalog order (the same in every shard)
     * @param runs     the runs assigned to this shard, in the order they run, each with its outcome once it ran
     */
    public record Shard(int index, int count, List<String> variants, List<ShardRun> runs) {
        public Shard {
            variants = List.copyOf(variants);
            runs = List.copyOf(runs);
        }

        /** {@code 2/4}. */
        public String label() {
            return index + "/" + count;
        }
    }

    /**
     * One run of a shard.
     *
     * @param window         the variant's label, {@code CQ-1/a}
     * @param repetition     which of the {@code fabric-tck.repeat} runs, from 1
     * @param outcome        its verdict, or {@code null} while it has not run
     * @param durationMillis its duration; 0 while it has not run
     */
    public record ShardRun(String window, int repetition, Outcome outcome, long durationMillis) {
    }

    /**
     * A call site in a class of an adapter's library that the agent rewrote: the only change the kit makes
     * to the library's bytecode.
     *
     * @param kind      {@code boundary} (a call to a boundary type, now a point) or {@code stub} (a native call,
     *                  now nothing)
     * @param target    the method called, {@code RdmaVerbs.getCqEvent}
     * @param className the library class that calls it, {@code com.ibm.disni.verbs.IbvCompChannel}
     * @param method    the method of that class that holds the call
     * @param file      its source file, or {@code null} when the class names none
     * @param line      the call's source line, 0 when the class has no line numbers
     */
    public record CallSite(String kind, String target, String className, String method, String file, int line)
            implements Comparable<CallSite> {

        /**
         * What the agent did at a call site: {@code boundary} (a call to the adapter's boundary types
         * became a point), {@code stub} (a native call became nothing), {@code sync} (JDK
         * synchronisation became a point), {@code exit} (an exit became the kit's guard),
         * {@code environment} (a call to the SPI's environment types became a point), {@code monitor}
         * (a {@code synchronized} block, or a call to a {@code synchronized} method, got a point before
         * its monitor is taken), {@code collection} (a call to a collection: a point when the collection is one of
         * java.util.concurrent's), {@code volatile} (a write of a
         * {@code volatile} field, or a VarHandle's access other than a read, got a point before it), {@code redirect} (a call to a
         * native an adapter's environment answers went to it and became a point), {@code unsimulated} (a call to
         * a native of a redirected type that the environment does not answer: reached, the window is ERROR).
         */
        public static final java.util.List<String> KINDS = java.util.List.of("boundary", "stub", "sync", "exit",
                "environment", "monitor", "volatile", "collection", "redirect", "unsimulated");

        /** {@code com.ibm.disni.verbs.IbvCompChannel.getCqEvent(IbvCompChannel.java:83)}. */
        public String at() {
            return className + "." + method + "(" + (file == null ? "Unknown Source" : file)
                    + (line > 0 ? ":" + line : "") + ")";
        }

        @Override
        public int compareTo(CallSite o) {
            return java.util.Comparator.comparing(CallSite::className).thenComparing(CallSite::method)
                    .thenComparingInt(CallSite::line).thenComparing(CallSite::kind).thenComparing(CallSite::target)
                    .compare(this, o);
        }

        @Override
        public String toString() {
            return kind + " " + target + " at " + at();
        }
    }

    /**
     * One adapter as the run used it: what it declared ({@code io.github.fabrictck.adapter.Adapter}) and the
     * class path elements its library's classes were read from, each with the digest the fork took of it
     * before any window ran ({@code DriverArtifact.fileSha256}, or {@code directorySha256} for a directory).
     *
     * @param adapterClass        the adapter's class ({@code class} in JSON)
     * @param library             its {@code library()}, {@code com.ibm.disni:disni:2.1}
     * @param packages            its library packages, each ending in a dot
     * @param boundaryTypes       its boundary types
     * @param environmentPackages its environment packages (left unrewritten), each ending in a dot
     * @param replacedPackages    its replaced packages (a provider of the library's own, left unrewritten), each ending in a dot
     * @param stubs               its stubbed native methods
     * @param sources             the jars or directories the scan read the library's classes from, by path
     * @param redirects           its redirects, library type to environment type (binary names), sorted by library
     *                            type: whose natives the environment answers ({@code Adapter.redirects()})
     */
    public record AdapterDeclaration(String adapterClass, String library, List<String> packages,
                                     List<String> boundaryTypes, List<String> environmentPackages,
                                     List<String> replacedPackages, List<String> stubs, List<Source> sources,
                                     java.util.SortedMap<String, String> redirects) {
        public AdapterDeclaration {
            packages = List.copyOf(packages);
            boundaryTypes = List.copyOf(boundaryTypes);
            environmentPackages = List.copyOf(environmentPackages);
            replacedPackages = List.copyOf(replacedPackages);
            stubs = List.copyOf(stubs);
            sources = List.copyOf(sources);
            redirects = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(redirects));
        }

        /** A declaration without redirects (an adapter whose boundary is Java types, as DiSNI's). */
        public AdapterDeclaration(String adapterClass, String library, List<String> packages, List<String> boundaryTypes,
                                  List<String> environmentPackages, List<String> replacedPackages, List<String> stubs,
                                  List<Source> sources) {
            this(adapterClass, library, packages, boundaryTypes, environmentPackages, replacedPackages, stubs, sources,
                    new java.util.TreeMap<>());
        }

        /**
         * This declaration with each source named by its file name only: what two runs on machines with
         * other local repositories share when they judged the same library through the same adapter.
         */
        public AdapterDeclaration withoutPaths() {
            return new AdapterDeclaration(adapterClass, library, packages, boundaryTypes, environmentPackages,
                    replacedPackages, stubs, sources.stream().map(s -> new Source(s.fileName(), s.sha256())).toList(),
                    redirects);
        }

        /**
         * {@code adapter io.github.fabrictck.adapters.disni.DisniAdapter declares com.ibm.disni:disni:2.1 (packages
         * com.ibm.disni.; environment io.github.fabrictck.adapters.disni.verbs.; replaced com.ibm.disni.verbs.impl.; 2 boundary
         * types; 1 stub) and judged disni-2.1.jar sha256 …}.
         */
        public String sentence() {
            StringBuilder s = new StringBuilder("adapter ").append(adapterClass).append(" declares ").append(library)
                    .append(" (packages ").append(String.join(", ", packages));
            if (!environmentPackages.isEmpty()) {
                s.append("; environment ").append(String.join(", ", environmentPackages));
            }
            if (!replacedPackages.isEmpty()) {
                s.append("; replaced ").append(String.join(", ", replacedPackages));
            }
            if (!boundaryTypes.isEmpty()) {
                s.append("; ").append(boundaryTypes.size()).append(boundaryTypes.size() == 1 ? " boundary type" : " boundary types");
            }
            if (!redirects.isEmpty()) {
                s.append("; ").append(redirects.size()).append(redirects.size() == 1 ? " redirect" : " redirects");
            }
            s.append("; ").append(stubs.size()).append(stubs.size() == 1 ? " stub" : " stubs").append(") and judged ");
            if (sources.isEmpty()) {
                s.append("no library file");
            }
            for (int i = 0; i < sources.size(); i++) {
                Source f = sources.get(i);
                s.append(i == 0 ? "" : ", ").append(f.fileName()).append(" sha256 ").append(f.sha256());
            }
            return s.toString();
        }
    }

    /**
     * A jar or classes directory an adapter's library was read from.
     *
     * @param path   its absolute path as the fork saw it
     * @param sha256 its SHA-256, lower-case hex ({@code DriverArtifact.directorySha256} for a directory)
     */
    public record Source(String path, String sha256) {

        /** The last element of {@link #path}: {@code disni-2.1.jar}. */
        public String fileName() {
            String p = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
            return p.substring(p.lastIndexOf('/') + 1);
        }
    }

    /** Outcome counts. */
    public record Summary(int pass, int fail, int error, int notApplicable) {
    }
}
