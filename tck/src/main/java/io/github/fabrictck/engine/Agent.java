package io.github.fabrictck.engine;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isAnnotatedWith;
import static net.bytebuddy.matcher.ElementMatchers.isBridge;
import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.isEquals;
import static net.bytebuddy.matcher.ElementMatchers.isHashCode;
import static net.bytebuddy.matcher.ElementMatchers.isMethod;
import static net.bytebuddy.matcher.ElementMatchers.isOverriddenFrom;
import static net.bytebuddy.matcher.ElementMatchers.isSubTypeOf;
import static net.bytebuddy.matcher.ElementMatchers.isToString;
import static net.bytebuddy.matcher.ElementMatchers.nameEndsWith;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.none;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.github.fabrictck.spi.Environment;
import java.io.File;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.asm.MemberSubstitution;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.loading.ClassInjector;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.pool.TypePool;
import net.bytebuddy.utility.JavaModule;

/**
 * The {@code -javaagent}: rewrites the driver's classes, and only those ({@link AgentConfig}), so
 * that every call the driver makes to the environment or to JDK synchronisation goes through
 * {@link Points}, and every SPI method reports its entry and exit. Which classes were rewritten
 * and which failed is kept for the verdicts: a failure makes every window ERROR.
 *
 * <p>No call site is skipped in silence: {@link CallSites} resolves each one through the owner's
 * superclasses and interfaces (generic bridges included) so that the substitution finds it, turns
 * method references to such methods into calls the kit sees, and reports every call site still
 * left, with its class, method and line, as a failure of that class. Static initialisers are
 * rewritten like any other method. {@code Runtime.exit} and {@code halt} themselves are guarded
 * ({@link ExitGate}, {@link ExitGuard}), so an exit reached by reflection or a method handle is
 * stopped too.
 */
public final class Agent {

    private static volatile Instrumentation instrumentation;
    private static volatile AgentConfig config;
    private static final Set<String> TRANSFORMED = ConcurrentHashMap.newKeySet();
    private static final Map<String, String> FAILED = new ConcurrentHashMap<>();

    private Agent() {
    }

    /**
     * Entry point of {@code -javaagent}; reads {@link AgentConfig} from system properties. The
     * argument, when given, is the driver's class path, loaded apart from the kit ({@link DriverLoader}).
     *
     * <p>In the launcher's JVM ({@code io.github.fabrictck.launcher.Main} is the main class) nothing
     * but the settings' freeze happens here: the launcher first reads its channel's keys and connects
     * to Maven's process, and only then calls {@link #start()}, which makes the driver's loader and
     * creates the adapters. So no code from outside the kit (an adapter named as a service in any
     * jar) runs before the channel is up and its keys are consumed. Any other main class (the bench's
     * probes) gets the agent started here.
     */
    public static void premain(String arguments, Instrumentation inst) {
        RunSettings.freeze(); // before an adapter's or a driver's code can set a fabric-tck.* property
        synchronized (Agent.class) {
            pendingArguments = arguments;
            pending = inst;
        }
        if (!launcherIsMain(System.getProperty("sun.java.command"))) {
            start();
        }
    }

    /** Whether {@code command} (the JVM's {@code sun.java.command}: main class and arguments) runs the launcher. */
    static boolean launcherIsMain(String command) {
        return command != null && (command + " ").startsWith(LAUNCHER_MAIN + " ");
    }

    private static final String LAUNCHER_MAIN = "io.github.fabrictck.launcher.Main";

    /** The {@code -javaagent}'s instrumentation and argument until {@link #start()} (guarded by {@code Agent.class}). */
    private static Instrumentation pending;
    private static String pendingArguments;

    /**
     * Starts the agent {@link #premain} deferred: the driver's loader, the adapters the module under
     * test declares ({@link #moduleAdapters}), the transformer and the scan of the adapters' libraries.
     * Once; a later call, or one in a JVM without the agent, does nothing.
     */
    public static void start() {
        Instrumentation inst;
        String arguments;
        synchronized (Agent.class) {
            inst = pending;
            arguments = pendingArguments;
            pending = null;
            pendingArguments = null;
        }
        if (inst == null) {
            return;
        }
        DriverLoader.install(arguments);
        AgentConfig configured = AgentConfig.fromSystemProperties(System.getProperties());
        // adapters name their library's packages, boundary and stubs before any class is rewritten
        install(inst, Libraries.configure(configured, moduleAdapters(DriverLoader.current(), configured.locations())));
        if (!Libraries.libraries().isEmpty()) {
            scanLibraries(DriverLoader.current(), config.locations());
        }
    }

    /**
     * The {@link io.github.fabrictck.adapter.Adapter}s the module under test declares: the service
     * file in one of the driver's own locations (its classes directory or jar) names them, and only
     * they are created. A service file anywhere else (a dependency's jar) creates nothing: a library
     * cannot make the kit run its code as an adapter; such a file is named on standard error.
     */
    static List<io.github.fabrictck.adapter.Adapter> moduleAdapters(ClassLoader loader, List<Path> locations) {
        java.util.Enumeration<java.net.URL> files;
        try {
            files = loader.getResources(ADAPTER_SERVICE);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("the agent could not list the adapter services", e);
        }
        Set<String> declared = new java.util.LinkedHashSet<>();
        Map<String, java.net.URL> elsewhere = new java.util.LinkedHashMap<>();
        while (files.hasMoreElements()) {
            java.net.URL file = files.nextElement();
            Path from = serviceLocation(file);
            boolean module = from != null && locations.contains(from);
            for (String name : serviceNames(file)) {
                if (module) {
                    declared.add(name);
                } else {
                    elsewhere.putIfAbsent(name, file);
                }
            }
        }
        elsewhere.forEach((name, file) -> {
            if (!declared.contains(name)) {
                System.err.println("fabric-tck: " + file + " declares the adapter " + name + " outside the module under "
                        + "test " + locations + ": not created (only the module that runs the kit declares adapters; list "
                        + "it in the module's own META-INF/services/io.github.fabrictck.adapter.Adapter to use it)");
            }
        });
        List<io.github.fabrictck.adapter.Adapter> adapters = new ArrayList<>();
        for (String name : declared) {
            try {
                Class<?> type = Class.forName(name, false, loader);
                adapters.add(type.asSubclass(io.github.fabrictck.adapter.Adapter.class)
                        .getDeclaredConstructor().newInstance());
            } catch (ReflectiveOperationException | ClassCastException e) {
                throw new java.util.ServiceConfigurationError("the adapter " + name + " that the module under test "
                        + "declares cannot be created: " + e, e);
            }
        }
        return adapters;
    }

    private static final String ADAPTER_SERVICE = "META-INF/services/io.github.fabrictck.adapter.Adapter";

    /** The jar or directory a service file was found in, or {@code null} when it is neither. */
    static Path serviceLocation(java.net.URL file) {
        try {
            String url = file.toString();
            if (url.startsWith("jar:file:")) {
                return Path.of(new java.net.URI(url.substring(4, url.indexOf("!/")))).toAbsolutePath().normalize();
            }
            if (url.startsWith("file:")) {
                Path p = Path.of(file.toURI());
                // META-INF/services/<name>: three levels up is the directory on the class path
                return p.getParent().getParent().getParent().toAbsolutePath().normalize();
            }
        } catch (java.net.URISyntaxException | RuntimeException e) {
            // not a file: no location of the module's
        }
        return null;
    }

    /** The class names a service file lists ({@code #} comments and blanks aside). */
    private static List<String> serviceNames(java.net.URL file) {
        try (java.io.InputStream in = file.openStream()) {
            List<String> names = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\\R")) {
                int hash = line.indexOf('#');
                String name = (hash >= 0 ? line.substring(0, hash) : line).strip();
                if (!name.isEmpty()) {
                    names.add(name);
                }
            }
            return names;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("the agent could not read " + file, e);
        }
    }

    /**
     * Rewrites, before any window, the bytes of every class of the adapters' library packages on
     * the driver's class path (their replaced provider aside), loading none of them: no static
     * initialiser runs, no native library is loaded. So every boundary call site is listed
     * ({@link Libraries#rewrittenSites()}), and a class with a call site the kit must see that could
     * not be rewritten, or that reaches native code with no stub, is known before the first window
     * ({@link Libraries#scanProblem()}) and not when some window first loads it. The classes are
     * rewritten again, the same way, when they load.
     */
    static Libraries.Scan scanLibraries(ClassLoader loader) {
        return scanLibraries(loader, List.of());
    }

    /**
     * {@link #scanLibraries(ClassLoader)}, which also checks each adapter's declaration against what
     * is there ({@link Libraries.Scan#problems()}): every library package holds a class, the library
     * calls its boundary, and no exempt package covers a driver's package ({@code instrumentPackages},
     * or a package of a {@code Driver} that a module at {@code driverLocations} lists).
     */
    static Libraries.Scan scanLibraries(ClassLoader loader, List<Path> driverLocations) {
        java.util.SortedMap<String, String> failures = new TreeMap<>();
        Map<String, Path> names = Map.of();
        List<String> problems = new ArrayList<>();
        Map<String, List<Path>> sources = new java.util.LinkedHashMap<>();
        try {
            List<String> driverPackages = new ArrayList<>(Libraries.driverPackages());
            driverPackages.addAll(driverModulePackages(driverLocations));
            problems.addAll(Libraries.declarationProblems(driverPackages));
            names = libraryClasses(classPath(loader));
            ClassFileLocator locator = Java7Upgrade.locator(ClassFileLocator.ForClassLoader.of(loader));
            TypePool pool = TypePool.Default.of(locator);
            for (String name : names.keySet()) {
                try {
                    rewrite(frozen().redefine(pool.describe(name).resolve(), locator), failures,
                            true, true).make(pool);
                } catch (RuntimeException | LinkageError e) {
                    failures.put(name, "the agent could not rewrite it: " + e);
                }
            }
            for (Libraries.Declared a : Libraries.declared()) {
                problems.addAll(presence(a, names, sources));
            }
        } catch (IOException | RuntimeException e) {
            failures.put("(the class path)", "the agent could not list the libraries' classes: " + e);
        }
        Libraries.Scan scan = new Libraries.Scan(names.size(), failures, problems, sources);
        Libraries.scanned(scan);
        return scan;
    }

    /** Byte Buddy as the agent's transformer is set ({@code disableClassFormatChanges}): it adds nothing to a class. */
    private static ByteBuddy frozen() {
        return new ByteBuddy().with(net.bytebuddy.dynamic.scaffold.InstrumentedType.Factory.Default.FROZEN)
                .with(net.bytebuddy.implementation.Implementation.Context.Disabled.Factory.INSTANCE)
                .with(net.bytebuddy.dynamic.scaffold.MethodGraph.Compiler.ForDeclaredMethods.INSTANCE)
                .ignore(none());
    }

    /**
     * Why an adapter's library is not there as it declares it: a library package with no class on
     * the class path, or classes that never call its boundary (a declared library that is absent, or
     * hidden behind another adapter's exempt packages, would otherwise be judged as if it were run).
     * Records the class path elements that held its classes in {@code sources}.
     */
    private static List<String> presence(Libraries.Declared a, Map<String, Path> names, Map<String, List<Path>> sources) {
        List<String> problems = new ArrayList<>();
        List<String> own = names.keySet().stream().filter(a::covers).toList();
        if (a.packages().isEmpty()) {
            problems.add("adapter " + a.adapter() + " declares no library package (its packages() is empty), so it "
                    + "names no library the kit could judge");
        }
        for (String p : a.packages()) {
            if (own.stream().noneMatch(n -> n.startsWith(p))) {
                problems.add("adapter " + a.adapter() + " declares the library package " + p + " of " + a.library()
                        + ", but the driver's class path has no class of it the agent may rewrite (is the library a "
                        + "dependency of the driver's module, and is the package not another adapter's exempt package?)");
            }
        }
        sources.put(a.adapter(), own.stream().map(names::get).distinct().sorted().toList());
        boolean calls = Libraries.rewrittenSites().stream().anyMatch(c -> Libraries.atBoundary(c) && a.covers(c.className()));
        if (!own.isEmpty() && !calls) {
            problems.add("adapter " + a.adapter() + ": the " + own.size() + " classes of " + a.library() + " in "
                    + a.packages() + " make no call to its boundaryTypes() " + a.boundaryTypes() + " nor to a native "
                    + "its redirects() " + a.redirects().keySet() + " answer, so no window could hold the library at "
                    + "its boundary (are the types' names right?)");
        }
        return problems;
    }

    /**
     * The package prefixes of the drivers that the modules at these locations list in
     * {@code META-INF/services/io.github.fabrictck.spi.Driver}.
     */
    static List<String> driverModulePackages(List<Path> locations) throws IOException {
        String services = "META-INF/services/io.github.fabrictck.spi.Driver";
        List<String> lines = new ArrayList<>();
        for (Path location : locations) {
            if (Files.isDirectory(location) && Files.isRegularFile(location.resolve(services))) {
                lines.addAll(Files.readAllLines(location.resolve(services)));
            } else if (Files.isRegularFile(location)) {
                try (java.util.jar.JarFile jar = new java.util.jar.JarFile(location.toFile())) {
                    java.util.jar.JarEntry entry = jar.getJarEntry(services);
                    if (entry != null) {
                        lines.addAll(new String(jar.getInputStream(entry).readAllBytes(),
                                java.nio.charset.StandardCharsets.UTF_8).lines().toList());
                    }
                }
            }
        }
        return lines.stream().map(l -> l.replaceAll("#.*", "").strip()).filter(l -> l.lastIndexOf('.') > 0)
                .map(l -> l.substring(0, l.lastIndexOf('.') + 1)).distinct().toList();
    }

    /** The loader's class path: its URLs when it has them, else the JVM's. */
    static List<Path> classPath(ClassLoader loader) {
        List<Path> classPath = new ArrayList<>();
        if (loader instanceof java.net.URLClassLoader urls) {
            for (java.net.URL url : urls.getURLs()) {
                try {
                    classPath.add(Path.of(url.toURI()));
                } catch (java.net.URISyntaxException | IllegalArgumentException notAFile) {
                    // not a file: nothing the scan can list
                }
            }
        } else {
            for (String element : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
                if (!element.isBlank()) {
                    classPath.add(Path.of(element));
                }
            }
        }
        return classPath;
    }

    /**
     * The binary names of the classes of the adapters' library packages in this class path, sorted,
     * each with the element (jar or directory) it is in: the first that holds it, as a loader finds it.
     */
    static java.util.SortedMap<String, Path> libraryClasses(List<Path> classPath) throws IOException {
        java.util.SortedMap<String, Path> names = new TreeMap<>();
        for (Path element : classPath) {
            Set<String> found = new java.util.TreeSet<>();
            if (Files.isDirectory(element)) {
                try (java.util.stream.Stream<Path> files = Files.walk(element)) {
                    files.filter(f -> f.toString().endsWith(".class"))
                            .map(f -> element.relativize(f).toString().replace(File.separatorChar, '/'))
                            .forEach(entry -> addLibraryClass(entry, found));
                }
            } else if (Files.isRegularFile(element)) {
                try (java.util.jar.JarFile jar = new java.util.jar.JarFile(element.toFile())) {
                    jar.stream().forEach(entry -> addLibraryClass(entry.getName(), found));
                }
            }
            found.forEach(name -> names.putIfAbsent(name, element.toAbsolutePath().normalize()));
        }
        return names;
    }

    private static void addLibraryClass(String entry, Set<String> names) {
        if (!entry.endsWith(".class") || entry.startsWith("META-INF/") || entry.endsWith("module-info.class")
                || entry.endsWith("package-info.class")) {
            return;
        }
        String name = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
        if (Libraries.inLibrary(name)) {
            names.add(name);
        }
    }

    /** Installs the transformer (once per JVM; later calls are ignored). */
    public static synchronized void install(Instrumentation inst, AgentConfig cfg) {
        if (instrumentation != null) {
            return;
        }
        config = cfg;
        guardExit(inst);
        try {
            // an exploration keeps its threads from one schedule to the next and clears their thread-locals in
            // between (sim.ThreadState): java.lang is opened to the kit's module, not to the driver's loader
            inst.redefineModule(Thread.class.getModule(), Set.of(), Map.of(),
                    Map.of("java.lang", Set.of(Agent.class.getModule()),
                            // a pool worker's pool, read off the worker (WindowRun.ownPool)
                            "java.util.concurrent", Set.of(Agent.class.getModule())), Set.of(), Map.of());
        } catch (RuntimeException e) {
            // then an exploration keeps no thread: each schedule starts its own
        }
        // a library class older than Java 7 cannot hold the method handles of points: upgraded first
        if (!Libraries.libraries().isEmpty()) {
            inst.addTransformer(Java7Upgrade.transformer());
        }
        // Byte Buddy ignores synthetic methods by default, and lambda bodies are synthetic: a call in
        // a lambda would escape the kit (Byte Buddy issue #1679). Ignore nothing.
        new AgentBuilder.Default(new ByteBuddy().ignore(none()))
                // the rewrite only visits the class's own methods (call sites, advice): no method graph of its
                // hierarchy, no implementation context, no initializer injected into its static initialiser
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.DISABLED)
                // one cache of type descriptions per class loader for the whole run: the call sites of
                // each driver class are resolved through the same JDK, SPI and driver types
                .with(new AgentBuilder.PoolStrategy.WithTypePoolCache.Simple(new ConcurrentHashMap<>()))
                .with(new Recorder())
                .type((type, loader, module, redefined, domain) -> cfg.isDriverClass(type.getName(), loader, domain))
                .transform((builder, type, loader, module, domain) -> rewrite(builder, FAILED,
                        Libraries.inLibrary(type.getName())))
                .installOn(inst);
        instrumentation = inst;
    }

    /**
     * The rewrite of one driver class; call sites left that the kit must see go to {@code failed}.
     * A visitor added later sees the class file first: {@link CallSites#resolving()} comes before
     * the substitutions, {@link CallSites#verifying} reads what they wrote.
     */
    static DynamicType.Builder<?> rewrite(DynamicType.Builder<?> builder, Map<String, String> failed) {
        return rewrite(builder, failed, true);
    }

    /**
     * The rewrite of one class; {@code library} when it is of a library an adapter declared, whose
     * stubbed calls are replaced with nothing (a pass the other classes are spared).
     */
    static DynamicType.Builder<?> rewrite(DynamicType.Builder<?> builder, Map<String, String> failed, boolean library) {
        return rewrite(builder, failed, library, false);
    }

    /** The rewrite of one class; {@code scan} when its bytes are read before anything reached it ({@link #scanLibraries}). */
    static DynamicType.Builder<?> rewrite(DynamicType.Builder<?> builder, Map<String, String> failed, boolean library,
                                          boolean scan) {
        DynamicType.Builder<?> verified = builder.visit(CallSites.verifying(failed, scan));
        if (library && Libraries.hasStubs()) {
            verified = verified.visit(MemberSubstitution.relaxed().with(MethodGraphs.CACHED).method(Libraries.stubMethods())
                    .stub().on(rewritable()));
        }
        return verified
                .visit(substitute(environmentMethods(), "environment"))
                .visit(substitute(syncMethods(), "sync"))
                .visit(substitute(exitMethods(), "terminate"))
                .visit(CallSites.synchronizedAsBlocks())
                .visit(Advice.to(SpiAdvice.class).on(spiMethods()))
                .visit(CallSites.resolving())
                // first of all: a library's calls to the natives an adapter's environment answers go to it (then points)
                .visit(library && Libraries.hasRedirects() ? CallSites.redirecting() : AsmVisitorWrapper.NoOp.INSTANCE);
    }

    /**
     * Guards {@code Runtime.exit} and {@code Runtime.halt} themselves, the one path of every exit:
     * injects {@link ExitGate} into the bootstrap loader (before anything loads it from the kit's
     * jar), lets {@code java.base} read it, and retransforms {@code Runtime} with {@link ExitAdvice}.
     * When the JVM cannot do that, every window is ERROR saying so: an exit the kit cannot stop
     * would end the run without a verdict.
     */
    private static void guardExit(Instrumentation inst) {
        // by name: ExitGate.class would load it from the kit's jar before it is in the bootstrap loader
        String gateName = "io.github.fabrictck.engine.ExitGate";
        try {
            if (!inst.isRetransformClassesSupported()) {
                throw new IllegalStateException("the JVM does not let the agent retransform classes "
                        + "(Can-Retransform-Classes in the agent jar's manifest)");
            }
            ClassLoader kit = Agent.class.getClassLoader();
            ClassFileLocator locator = ClassFileLocator.ForClassLoader.of(kit);
            TypeDescription gate = TypePool.Default.of(locator).describe(gateName).resolve();
            Class<?> injected = injectIntoBootLoader(inst, gate, locator.locate(gateName).resolve());
            inst.redefineModule(Runtime.class.getModule(), Set.of(injected.getModule()), Map.of(), Map.of(), Set.of(),
                    Map.of());
            ExitGuard.install();
            ResettableClassFileTransformer runtime = new AgentBuilder.Default(new ByteBuddy().ignore(none()))
                    .ignore(none())
                    .disableClassFormatChanges()
                    .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                    .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                    .with(AgentBuilder.TypeStrategy.Default.REDEFINE)
                    .with(new AgentBuilder.Listener.Adapter() {
                        @Override
                        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded,
                                            Throwable error) {
                            FAILED.put(typeName, "the agent could not guard Runtime.exit and halt: " + error);
                        }
                    })
                    .type(named("java.lang.Runtime"))
                    .transform((builder, type, loader, module, domain) -> builder.visit(Advice.to(ExitAdvice.class)
                            .on(namedOneOf("exit", "halt").and(takesArguments(int.class)))))
                    .installOn(inst);
            // Runtime is rewritten now; left installed, the transformer would describe every class
            // loaded afterwards (it ignores none) just to find that it is not Runtime
            inst.removeTransformer(runtime);
        } catch (IOException | RuntimeException e) {
            FAILED.put("java.lang.Runtime", "the agent could not guard Runtime.exit and halt: " + e);
        }
    }

    /**
     * Defines the class in the bootstrap loader: directly when Byte Buddy can reach the JDK's
     * {@code Unsafe} (the usual case), else through a jar appended to the bootstrap class path,
     * which makes the JVM warn that class-data sharing is off for the class path.
     */
    private static Class<?> injectIntoBootLoader(Instrumentation inst, TypeDescription type, byte[] bytes)
            throws IOException {
        ClassInjector.UsingUnsafe.Factory unsafe = ClassInjector.UsingUnsafe.Factory.resolve(inst);
        if (unsafe.isAvailable()) {
            return unsafe.make(null).inject(Map.of(type, bytes)).get(type);
        }
        File folder = Files.createTempDirectory("fabric-tck-boot").toFile();
        Class<?> injected = ClassInjector.UsingInstrumentation.of(folder,
                ClassInjector.UsingInstrumentation.Target.BOOTSTRAP, inst).inject(Map.of(type, bytes)).get(type);
        // the gate is loaded and the jar holds nothing else; the launcher halts, so no
        // deleteOnExit would run: remove it now (best effort, a file in use may stay on Windows)
        File[] jars = folder.listFiles();
        for (File jar : jars == null ? new File[0] : jars) {
            jar.delete();
        }
        folder.delete();
        return injected;
    }

    private static AsmVisitorWrapper substitute(ElementMatcher<? super MethodDescription> targets, String hook) {
        Method m;
        try {
            m = Points.class.getMethod(hook, Object[].class, java.lang.invoke.MethodHandle.class, String.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
        return MemberSubstitution.relaxed().with(MethodGraphs.CACHED)
                .method(targets)
                .replaceWithChain(MemberSubstitution.Substitution.Chain.Step.ForDelegation.to(m),
                        MemberSubstitution.Substitution.Chain.Step.ForAssignment.castToSubstitutionResult())
                .on(rewritable());
    }

    /**
     * The methods whose call sites are rewritten. Byte Buddy 1.18.17 cannot read the invokedynamic
     * that records' equals, hashCode and toString make (a field-getter handle among the bootstrap
     * arguments); a record's methods of that name are left as they are (CallSites.verifying() still
     * reports a call there that the kit must see). Static initialisers are rewritten like any
     * method: a driver's System.exit there must be stopped like any other.
     */
    private static ElementMatcher.Junction<MethodDescription> rewritable() {
        return not(isEquals().or(isHashCode()).or(isToString()).and(isDeclaredBy(TypeDescription::isRecord)));
    }

    /**
     * Methods of the environment interfaces (the SPI types marked {@link Environment}) and of the
     * boundary types an {@link io.github.fabrictck.adapter.Adapter} declares for its library.
     */
    static ElementMatcher.Junction<MethodDescription> environmentMethods() {
        return isMethod().and(isDeclaredBy(isAnnotatedWith(Environment.class)).or(Libraries.boundaryMethods())
                .or(Libraries.redirectMethods()));
    }

    /** JDK synchronisation: atomics, locks and conditions, wait/notify, park, sleep, join, queues, latches. */
    static ElementMatcher.Junction<MethodDescription> syncMethods() {
        ElementMatcher.Junction<TypeDescription> owners = nameStartsWith("java.util.concurrent.atomic.")
                .or(nameStartsWith("java.util.concurrent.locks."))
                .or(namedOneOf("java.util.concurrent.CountDownLatch", "java.util.concurrent.Semaphore",
                        "java.util.concurrent.CyclicBarrier", "java.util.concurrent.Phaser",
                        "java.util.concurrent.Exchanger"))
                .or(isSubTypeOf(BlockingQueue.class));
        return isMethod().and(isDeclaredBy(owners)
                .or(namedOneOf("wait", "notify", "notifyAll").and(isDeclaredBy(Object.class)))
                .or(namedOneOf("sleep", "join", "yield", "onSpinWait", "start", "interrupt").and(isDeclaredBy(Thread.class)))
                // the wait, join and sleep a TimeUnit makes inside the JDK (Points makes them as the kit's own)
                .or(namedOneOf("timedWait", "timedJoin", "sleep").and(isDeclaredBy(java.util.concurrent.TimeUnit.class)))
                .or(named("get").and(isDeclaredBy(isSubTypeOf(Future.class))))
                // CompletableFuture's join waits as its get does, with no checked exception
                .or(named("join").and(net.bytebuddy.matcher.ElementMatchers.takesArguments(0)).and(isDeclaredBy(java.util.concurrent.CompletableFuture.class)))
                // wakes of a thread blocked in Future.get: the stuck detector must see them
                .or(nameStartsWith("complete").or(nameStartsWith("obtrude")).or(named("cancel"))
                        .and(isDeclaredBy(java.util.concurrent.CompletableFuture.class)))
                // work handed to a JDK pool wakes its worker waiting in getTask
                .or(namedOneOf("execute", "submit", "invokeAll", "invokeAny").and(isDeclaredBy(
                        nameStartsWith("java.util.concurrent.").and(isSubTypeOf(java.util.concurrent.Executor.class)))))
                // a JDK pool stopped: shutdown wakes its idle workers to end, awaitTermination (and the JDK 19 close)
                // waits for them; the stuck detector reads whether the pool has terminated
                .or(namedOneOf("shutdown", "shutdownNow", "awaitTermination", "close").and(isDeclaredBy(
                        nameStartsWith("java.util.concurrent.").and(isSubTypeOf(java.util.concurrent.ExecutorService.class)))))
                .or(nameEndsWith("Async").and(isDeclaredBy(java.util.concurrent.CompletableFuture.class))));
    }

    /** Calls that would end the JVM. */
    static ElementMatcher.Junction<MethodDescription> exitMethods() {
        return isMethod().and(named("exit").and(isDeclaredBy(System.class))
                .or(namedOneOf("exit", "halt").and(isDeclaredBy(Runtime.class))));
    }

    /** The driver's implementations of driver-side SPI methods. */
    static ElementMatcher.Junction<MethodDescription> spiMethods() {
        return isMethod().and(not(isAbstract())).and(not(isBridge())).and(isOverriddenFrom(
                nameStartsWith("io.github.fabrictck.spi.").and(not(isAnnotatedWith(Environment.class)))));
    }

    /** Whether the agent is attached to this JVM. */
    public static boolean attached() {
        return instrumentation != null;
    }

    /** The configuration the agent runs with, or {@code null} when it is not attached. */
    public static AgentConfig config() {
        return config;
    }

    /** How many driver classes were rewritten so far. */
    public static int instrumentedClasses() {
        return TRANSFORMED.size();
    }

    /** Whether this class was rewritten. */
    public static boolean isInstrumented(String className) {
        return TRANSFORMED.contains(className);
    }

    /** Whether this class failed to transform. */
    static boolean failed(String className) {
        return FAILED.containsKey(className);
    }

    /**
     * The classes that failed to transform, with the reason, sorted by name: a class the agent could
     * not rewrite at all, a class with a call site it could not rewrite (class, method and line),
     * and {@code java.lang.Runtime} when its exit could not be guarded.
     */
    public static Map<String, String> failures() {
        return new TreeMap<>(FAILED);
    }

    private static final class Recorder extends AgentBuilder.Listener.Adapter {
        @Override
        public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
                                     DynamicType dynamicType) {
            // a class with a call site the agent could not rewrite counts as not transformed
            if (!FAILED.containsKey(type.getName())) {
                TRANSFORMED.add(type.getName());
            }
        }

        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
            FAILED.put(typeName, String.valueOf(error));
            if (Boolean.parseBoolean(RunSettings.get("fabric-tck.debug", "false"))) {
                error.printStackTrace();
            }
        }
    }
}
