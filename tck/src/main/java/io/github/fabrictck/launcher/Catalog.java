package io.github.fabrictck.launcher;

import io.github.fabrictck.engine.RunSettings;
import io.github.fabrictck.report.WindowInfo;
import io.github.fabrictck.windows.RaceWindow;
import io.github.fabrictck.windows.Variant;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestIdentifier;

/**
 * The race-window catalog of the kit's windows package, as the JUnit Platform discovers it: every
 * window with its variants, in id order. Nothing is listed by hand, so it cannot drift from the code.
 */
public final class Catalog {

    /** The package the windows live in. */
    public static final String PACKAGE = "io.github.fabrictck.windows";

    /**
     * One variant of a window.
     *
     * @param window  the window's description
     * @param variant the variant, or {@code null} for a window with one
     * @param method  the test method
     */
    public record Entry(RaceWindow window, Variant variant, Method method) {

        /** {@code CQ-1/a} or {@code CQ-2}. */
        public String label() {
            return variant == null ? window.id() : window.id() + "/" + variant.id();
        }
    }

    private final List<Entry> entries;

    private Catalog(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** Discovers the catalog: with the exploration windows when this run explores ({@link #exploring()}). */
    public static Catalog discover() {
        return discover(exploring());
    }

    /**
     * Discovers the catalog, with the {@code -X} exploration windows or without them: the merge of an exploration's
     * shards judges them against the catalog they ran, whatever Maven's own properties say.
     */
    public static Catalog discover(boolean explorations) {
        // the catalog is the kit's own classes: found once per JVM (a cold discovery loads every window; Maven's process
        // asks several times, the fork once, early)
        CompletableFuture<Catalog> found = DISCOVERED.computeIfAbsent(explorations, e -> new CompletableFuture<>());
        if (!found.isDone() && CLAIMED.add(explorations)) {
            try {
                found.complete(find(explorations));
            } catch (RuntimeException | Error e) {
                DISCOVERED.remove(explorations, found);
                CLAIMED.remove(explorations);
                found.completeExceptionally(e);
                throw e;
            }
        }
        try {
            return found.join();
        } catch (java.util.concurrent.CompletionException e) {
            return find(explorations); // the background discovery failed: this caller finds it, and says why if it fails
        }
    }

    private static final Map<Boolean, CompletableFuture<Catalog>> DISCOVERED = new ConcurrentHashMap<>();
    private static final Set<Boolean> CLAIMED = ConcurrentHashMap.newKeySet();

    /**
     * The catalog read off the windows package by reflection: every {@code @Test} method a JUnit Jupiter engine would
     * run (neither static nor private, returning nothing) of every class there that carries {@link RaceWindow}.
     * Maven's process asks before the fork starts, and a discovery through the JUnit Platform loads its engine first
     * (600 classes, a second on two shared cores); {@code CatalogTest} holds this to what the Platform discovers.
     */
    private static Catalog find(boolean explorations) {
        List<Entry> found = new ArrayList<>();
        for (Class<?> c : windowClasses()) {
            RaceWindow w = c.getAnnotation(RaceWindow.class);
            // an exploration window runs only when an exploration is asked for (-Dfabric-tck.explore)
            if (w == null || io.github.fabrictck.report.WindowResult.explores(w.id()) && !explorations) {
                continue;
            }
            for (Method m : c.getDeclaredMethods()) {
                int mod = m.getModifiers();
                if (m.isAnnotationPresent(org.junit.jupiter.api.Test.class) && !java.lang.reflect.Modifier.isStatic(mod)
                        && !java.lang.reflect.Modifier.isPrivate(mod) && m.getReturnType() == void.class) {
                    found.add(new Entry(w, m.getAnnotation(Variant.class), m));
                }
            }
        }
        found.sort(Comparator.comparing((Entry e) -> order(e.window().id())).thenComparing(Entry::label));
        return new Catalog(found);
    }

    /** The classes of the windows package, listed from the jar or directory the kit's classes are loaded from. */
    private static List<Class<?>> windowClasses() {
        String dir = PACKAGE.replace('.', '/') + '/';
        java.security.CodeSource source = RaceWindow.class.getProtectionDomain().getCodeSource();
        if (source == null) {
            throw new IllegalStateException("the kit's classes have no code source to list the windows package from");
        }
        java.nio.file.Path root;
        try {
            root = java.nio.file.Path.of(source.getLocation().toURI());
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            throw new IllegalStateException("the kit's classes come from " + source.getLocation() + ", which is no file", e);
        }
        List<String> names = new ArrayList<>();
        try {
            if (java.nio.file.Files.isDirectory(root)) {
                try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(root.resolve(dir))) {
                    files.map(f -> dir + f.getFileName()).forEach(names::add);
                }
            } else {
                try (java.util.jar.JarFile jar = new java.util.jar.JarFile(root.toFile())) {
                    jar.stream().map(java.util.jar.JarEntry::getName)
                            .filter(n -> n.startsWith(dir) && n.indexOf('/', dir.length()) < 0).forEach(names::add);
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot list the windows package in " + root, e);
        }
        List<Class<?>> classes = new ArrayList<>();
        for (String n : names) {
            if (n.endsWith(".class") && !n.endsWith("module-info.class") && !n.endsWith("package-info.class")) {
                try {
                    classes.add(Class.forName(n.substring(0, n.length() - 6).replace('/', '.'), false,
                            RaceWindow.class.getClassLoader()));
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException("the windows package lists " + n + " but its class does not load", e);
                }
            }
        }
        return classes;
    }

    /** Whether this run explores ({@code -Dfabric-tck.explore} or {@code -Dfabric-tck.replay} set): only then the {@code -X} windows are listed. */
    static boolean exploring() {
        return explores(RunSettings.all());
    }

    /** Whether a run with these {@code fabric-tck.*} settings explores: {@code fabric-tck.explore} or {@code fabric-tck.replay} set. */
    public static boolean explores(Map<String, String> settings) {
        return !settings.getOrDefault("fabric-tck.explore", "").isBlank()
                || !settings.getOrDefault("fabric-tck.replay", "").isBlank();
    }

    /** The catalog entry a test identifier stands for, if it is a window variant. */
    static java.util.Optional<Entry> entry(TestIdentifier id) {
        if (!id.isTest() || id.getSource().isEmpty() || !(id.getSource().get() instanceof MethodSource source)) {
            return java.util.Optional.empty();
        }
        Method m = source.getJavaMethod();
        RaceWindow w = m.getDeclaringClass().getAnnotation(RaceWindow.class);
        return w == null ? java.util.Optional.empty() : java.util.Optional.of(new Entry(w, m.getAnnotation(Variant.class), m));
    }

    private static String order(String id) {
        int dash = id.indexOf('-');
        String number = id.substring(dash + 1);
        return id.substring(0, dash) + "-" + "0".repeat(Math.max(0, 4 - number.length())) + number;
    }

    /** Every variant, in id order. */
    public List<Entry> entries() {
        return entries;
    }

    /**
     * The metadata of every window as the plain data the reports take ({@link WindowInfo}, by
     * window id, in catalog order), read from each window's {@link RaceWindow} and its variants.
     */
    public Map<String, WindowInfo> info() {
        Map<String, WindowInfo> byId = new LinkedHashMap<>();
        for (Entry e : entries) {
            RaceWindow w = e.window();
            WindowInfo info = byId.computeIfAbsent(w.id(), id -> WindowInfo.of(w.id(), w.title(), w.family().id(),
                    w.source(), w.bug(), w.interleaving(), w.invariants(), w.onFailure()));
            if (e.variant() != null) {
                byId.put(w.id(), info.withVariant(e.variant().id(), e.variant().title()));
            }
        }
        return byId;
    }

    /** Every window id with its title, in order. */
    public Map<String, RaceWindow> windows() {
        Map<String, RaceWindow> windows = new LinkedHashMap<>();
        entries.forEach(e -> windows.putIfAbsent(e.window().id(), e.window()));
        return windows;
    }
}
