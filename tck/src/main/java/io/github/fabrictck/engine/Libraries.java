package io.github.fabrictck.engine;

import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.none;
import static net.bytebuddy.matcher.ElementMatchers.not;

import io.github.fabrictck.adapter.Adapter;
import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.Result;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * The {@link Adapter}s the agent found, merged: the libraries' packages, boundary types and stubs,
 * and what the agent did with them (every boundary call site and stubbed call site it rewrote).
 * Set once when the agent starts, before any class is rewritten.
 */
public final class Libraries {

    private static volatile List<String> libraries = List.of();
    private static volatile List<String> packages = List.of();
    private static volatile List<String> replaced = List.of();
    private static volatile Set<String> boundaryTypes = Set.of();
    private static volatile Set<String> stubs = Set.of();
    private static volatile Set<String> rearmReceivers = Set.of();
    /** Library type to environment type, internal names ({@link Adapter#redirects()}). */
    private static volatile Map<String, String> redirects = Map.of();
    private static volatile List<Declared> declared = List.of();
    private static volatile List<String> driverPackages = List.of();
    private static final Set<Result.CallSite> SITES = ConcurrentHashMap.newKeySet();
    private static volatile Scan scan;

    /**
     * One adapter's declaration as the agent found it, its package prefixes ending in a dot: what a
     * certificate of the library records, and what the scan checks is there.
     *
     * @param adapter the adapter's class
     */
    public record Declared(String adapter, String library, List<String> packages, List<String> boundaryTypes,
                           List<String> environmentPackages, List<String> replacedPackages, List<String> stubs,
                           Map<String, String> redirects) {
        public Declared {
            redirects = Map.copyOf(redirects);
            packages = prefixes(packages);
            boundaryTypes = List.copyOf(boundaryTypes);
            environmentPackages = prefixes(environmentPackages);
            replacedPackages = prefixes(replacedPackages);
            stubs = List.copyOf(stubs);
        }

        static Declared of(Adapter a) {
            return new Declared(a.getClass().getName(), a.library(), a.packages(), a.boundaryTypes(),
                    a.environmentPackages(), a.replacedPackages(), a.stubs(), a.redirects());
        }

        /** Whether a class of this binary name is of this adapter's library (its replaced provider aside). */
        boolean covers(String className) {
            return replacedPackages.stream().noneMatch(className::startsWith)
                    && packages.stream().anyMatch(className::startsWith);
        }

        private static List<String> prefixes(List<String> packages) {
            return packages.stream().map(p -> p.endsWith(".") ? p : p + ".").distinct().toList();
        }
    }

    private Libraries() {
    }

    /** Takes the adapters' declarations; returns the configuration with their packages added. */
    static AgentConfig configure(AgentConfig config, Iterable<Adapter> adapters) {
        List<String> names = new ArrayList<>();
        Set<String> pkgs = new LinkedHashSet<>();
        Set<String> types = new LinkedHashSet<>();
        Set<String> stubbed = new LinkedHashSet<>();
        Set<String> replacedPkgs = new LinkedHashSet<>();
        Set<String> rearms = new LinkedHashSet<>();
        Map<String, String> redirected = new java.util.LinkedHashMap<>();
        List<Declared> found = new ArrayList<>();
        for (Adapter a : adapters) {
            found.add(Declared.of(a));
            names.add(a.library());
            a.packages().forEach(p -> pkgs.add(p.endsWith(".") ? p : p + "."));
            types.addAll(a.boundaryTypes());
            stubbed.addAll(a.stubs());
            rearms.addAll(a.rearmReceivers());
            a.redirects().forEach((from, to) -> redirected.put(from.replace('.', '/'), to.replace('.', '/')));
            a.replacedPackages().forEach(p -> replacedPkgs.add(p.endsWith(".") ? p : p + "."));
            // the adapter's environment is never rewritten, as the library's replaced provider is not
            a.environmentPackages().forEach(p -> replacedPkgs.add(p.endsWith(".") ? p : p + "."));
        }
        libraries = List.copyOf(names);
        declared = List.copyOf(found);
        driverPackages = config.packages();
        SITES.clear();
        scan = null;
        packages = List.copyOf(pkgs);
        boundaryTypes = Set.copyOf(types);
        stubs = Set.copyOf(stubbed);
        rearmReceivers = Set.copyOf(rearms);
        redirects = Map.copyOf(redirected);
        replaced = List.copyOf(replacedPkgs);
        pkgs.addAll(config.packages());
        return new AgentConfig(config.locations(), List.copyOf(pkgs));
    }

    /** The libraries the adapters certify, as they name them. */
    public static List<String> libraries() {
        return libraries;
    }

    /**
     * Every boundary call site (a point) and stubbed call site the agent rewrote in the libraries'
     * classes, sorted; after {@link #scan()} all of them, whether their classes were loaded or not:
     * {@code boundary RdmaVerbs.getCqEvent at com.ibm.disni.verbs.IbvCompChannel.getCqEvent(IbvCompChannel.java:83)}.
     */
    public static List<Result.CallSite> rewrittenSites() {
        return List.copyOf(new TreeSet<>(SITES));
    }

    /** Whether the libraries' call sites include one at their boundary ({@link #atBoundary}). */
    public static boolean hasBoundarySite() {
        return SITES.stream().anyMatch(Libraries::atBoundary);
    }

    /** Whether a rewritten call site is at a library's boundary, a point: a boundary type's call or a redirected native's. */
    static boolean atBoundary(Result.CallSite site) {
        return site.kind().equals("boundary") || site.kind().equals("redirect");
    }

    /** Every adapter's declaration, in the order the agent found them. */
    public static List<Declared> declared() {
        return declared;
    }

    /**
     * What the agent's scan of the libraries' classes found before any window ran.
     *
     * @param classes  how many classes of the libraries' packages it rewrote (their bytes, none loaded)
     * @param failures the classes it could not rewrite, or that reach native code with no stub, with why, by name
     * @param problems declarations the scan shows cannot hold (a library that is not there, a boundary never
     *                 called, an exempt package over library or driver code), one sentence each
     * @param sources  the class path elements (jars, directories) that held the libraries' classes, by adapter class
     */
    public record Scan(int classes, java.util.SortedMap<String, String> failures, List<String> problems,
                       Map<String, List<java.nio.file.Path>> sources) {
        public Scan {
            failures = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(failures));
            problems = List.copyOf(problems);
            sources = Map.copyOf(sources);
        }

        public Scan(int classes, java.util.SortedMap<String, String> failures) {
            this(classes, failures, List.of(), Map.of());
        }
    }

    /**
     * Why the adapters' declarations cannot hold, one sentence each: an environment package, which
     * the agent leaves unrewritten, that overlaps a library package (one is a prefix of the other) or
     * holds a driver package ({@code instrumentPackages}, or the package of a driver its module
     * lists); a replaced package that is not strictly inside one of its adapter's own library
     * packages, overlaps another adapter's, or holds a driver package. Each would run library or
     * driver code unseen by the kit.
     *
     * @param driverPackages package prefixes, ending in a dot, of the driver's own code
     */
    static List<String> declarationProblems(List<String> driverPackages) {
        List<String> problems = new ArrayList<>();
        for (Declared a : declared) {
            for (String e : a.environmentPackages()) {
                for (Declared b : declared) {
                    for (String p : b.packages()) {
                        if (e.startsWith(p) || p.startsWith(e)) {
                            problems.add("adapter " + a.adapter() + " names " + e + " among its environmentPackages(), "
                                    + "which overlaps " + p + ", a library package of adapter " + b.adapter()
                                    + ": the library's code there would run unrewritten, unseen by the kit");
                        }
                    }
                }
                exemptsDriver(a, e, "environmentPackages()", driverPackages, problems);
            }
            for (String from : a.redirects().keySet()) {
                if (!a.covers(from)) {
                    problems.add("adapter " + a.adapter() + " redirects the natives of " + from + ", which is not a class "
                            + "of its own library packages " + a.packages() + ": an adapter answers its library's "
                            + "natives, not those of code it does not declare");
                }
            }
            for (String to : a.redirects().values()) {
                if (a.environmentPackages().stream().noneMatch(to::startsWith)) {
                    problems.add("adapter " + a.adapter() + " redirects natives to " + to + ", which is not in its "
                            + "environmentPackages() " + a.environmentPackages() + ": the agent would rewrite the "
                            + "environment's own calls to the kit's device as if they were the library's");
                }
            }
            for (String r : a.replacedPackages()) {
                if (a.packages().stream().noneMatch(p -> r.startsWith(p) && !r.equals(p))) {
                    problems.add("adapter " + a.adapter() + " names " + r + " among its replacedPackages(), which is not "
                            + "strictly inside one of its own library packages " + a.packages() + ": a replaced "
                            + "provider is a part of the library, and naming anything else exempts code from the kit's rewrite");
                }
                for (Declared b : declared) {
                    for (String p : b.packages()) {
                        if (b != a && (r.startsWith(p) || p.startsWith(r))
                                && b.replacedPackages().stream().noneMatch(r::startsWith)) {
                            problems.add("adapter " + a.adapter() + " names " + r + " among its replacedPackages(), "
                                    + "which overlaps " + p + ", a library package of adapter " + b.adapter()
                                    + ": that library's code there would run unrewritten, unseen by the kit");
                        }
                    }
                }
                exemptsDriver(a, r, "replacedPackages()", driverPackages, problems);
            }
        }
        return problems;
    }

    private static void exemptsDriver(Declared a, String exempt, String list, List<String> driverPackages,
                                      List<String> problems) {
        for (String d : driverPackages) {
            if (d.startsWith(exempt)) {
                problems.add("adapter " + a.adapter() + " names " + exempt + " among its " + list + ", which holds the "
                        + "driver's package " + d + ": the driver's code there would run unrewritten, unseen by the kit");
            }
        }
    }

    /** The package prefixes the run named for the driver ({@code instrumentPackages}), before the adapters' were added. */
    static List<String> driverPackages() {
        return driverPackages;
    }

    /**
     * Each adapter's declaration with the jars or directories the scan read its library from, each
     * hashed now as the certificate hashes the driver's artifacts ({@link DriverArtifact}): what the
     * result's {@code adapters} records. Empty when no adapter is declared.
     */
    public static List<Result.AdapterDeclaration> adapters() {
        Scan s = scan;
        List<Result.AdapterDeclaration> all = new ArrayList<>();
        for (Declared d : declared) {
            List<Result.Source> sources = new ArrayList<>();
            for (java.nio.file.Path p : s == null ? List.<java.nio.file.Path>of() : s.sources().getOrDefault(d.adapter(), List.of())) {
                java.nio.file.Path absolute = p.toAbsolutePath().normalize();
                try {
                    sources.add(new Result.Source(absolute.toString().replace('\\', '/'),
                            java.nio.file.Files.isDirectory(absolute) ? DriverArtifact.directorySha256(absolute)
                                    : DriverArtifact.fileSha256(absolute)));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException("cannot read " + absolute + ", which held library classes of "
                            + d.adapter(), e);
                }
            }
            all.add(new Result.AdapterDeclaration(d.adapter(), d.library(), d.packages(), d.boundaryTypes(),
                    d.environmentPackages(), d.replacedPackages(), d.stubs(), sources, new java.util.TreeMap<>(d.redirects())));
        }
        return all;
    }

    /** The scan's findings, or {@code null} when no adapter is declared or the agent did not scan. */
    public static Scan scan() {
        return scan;
    }

    static void scanned(Scan s) {
        scan = s;
    }

    /**
     * Why no window can be judged for the libraries, in one sentence, or {@code null}: a declaration
     * the scan shows cannot hold ({@link Scan#problems()}), else a class of a library that the
     * agent's scan could not rewrite, or that reaches native code with no stub.
     */
    public static String scanProblem() {
        Scan s = scan;
        if (s != null && !s.problems().isEmpty()) {
            return "before any window, the agent's scan of " + String.join(", ", libraries) + " found "
                    + s.problems().size() + " declaration(s) that cannot hold: " + String.join("; ", s.problems());
        }
        if (s == null || s.failures().isEmpty()) {
            return null;
        }
        Map.Entry<String, String> first = s.failures().entrySet().iterator().next();
        return "before any window, the agent's scan of " + String.join(", ", libraries) + " (" + s.classes()
                + " classes) found " + s.failures().size() + " class(es) it could not rewrite as the kit must, first "
                + first.getKey() + ": " + first.getValue();
    }

    /** Whether a point's place ({@code com.ibm.disni.RdmaCqProcessor.run(RdmaCqProcessor.java:120)}) is a library's code. */
    public static boolean isLibraryCode(String at) {
        if (at == null || libraries.isEmpty()) {
            return false;
        }
        int paren = at.indexOf('(');
        String method = paren < 0 ? at : at.substring(0, paren);
        int dot = method.lastIndexOf('.');
        return dot > 0 && inLibrary(method.substring(0, dot));
    }

    /** The instance methods of the boundary types: their calls are points, as environment calls are. */
    static ElementMatcher.Junction<MethodDescription> boundaryMethods() {
        Set<String> types = boundaryTypes;
        return types.isEmpty() ? none() : not(isStatic()).and(isDeclaredBy(namedOneOf(types.toArray(String[]::new))));
    }

    /** The static methods whose calls are replaced with nothing. */
    static ElementMatcher.Junction<MethodDescription> stubMethods() {
        ElementMatcher.Junction<MethodDescription> m = none();
        for (String s : stubs) {
            int dot = s.lastIndexOf('.');
            m = m.or(isStatic().and(named(s.substring(dot + 1))).and(isDeclaredBy(named(s.substring(0, dot)))));
        }
        return m;
    }

    /** Whether a call with this receiver re-arms a completion queue ({@link Adapter#rearmReceivers()}). */
    public static boolean isRearm(Object receiver) {
        Set<String> types = rearmReceivers;
        for (Class<?> c = receiver == null || types.isEmpty() ? null : receiver.getClass(); c != null;
                c = c.getSuperclass()) {
            if (types.contains(c.getName())) {
                return true;
            }
        }
        return false;
    }

    static boolean hasRedirects() {
        return !redirects.isEmpty();
    }

    static boolean hasStubs() {
        return !stubs.isEmpty();
    }

    static boolean isBoundaryType(String internalName) {
        return boundaryTypes.contains(internalName.replace('/', '.'));
    }

    /** The environment type (internal name) that answers the natives of a library type, or {@code null}. */
    static String redirectOf(String internalOwner) {
        return redirects.get(internalOwner);
    }

    /** The environment types' static methods: a redirected native's call to one is a point, as an environment call is. */
    static ElementMatcher.Junction<MethodDescription> redirectMethods() {
        Map<String, String> r = redirects;
        return r.isEmpty() ? none() : isStatic().and(isDeclaredBy(namedOneOf(r.values().stream()
                .map(t -> t.replace('/', '.')).toArray(String[]::new))));
    }

    static boolean isStub(String internalOwner, String method) {
        return stubs.contains(internalOwner.replace('/', '.') + "." + method);
    }

    /**
     * Whether a class (binary or internal name) is of a library's own provider, which an adapter
     * replaces, or of the adapter's environment: neither is rewritten.
     */
    static boolean isReplaced(String name) {
        String binary = name.replace('/', '.');
        for (String p : replaced) {
            if (binary.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** Whether an adapter declares the class's package as its environment, which the agent leaves unrewritten. */
    public static boolean exempted(String className) {
        return isReplaced(className);
    }

    /** Whether a class (binary or internal name) is of a library an adapter declared (its replaced provider aside). */
    static boolean inLibrary(String name) {
        String binary = name.replace('/', '.');
        if (isReplaced(binary)) {
            return false;
        }
        for (String p : packages) {
            if (binary.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    static void rewrote(Result.CallSite site) {
        SITES.add(site);
    }
}
