package io.github.fabrictck.launcher;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

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
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The race-window catalog as the JUnit Platform discovers it in the kit's windows package: every
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
        // the catalog is the kit's own classes: found once per JVM (a cold discovery loads the JUnit engine and every
        // window, about a second on two shared cores; Maven's process asks several times, the fork once, early)
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
     * Starts discovering the catalog of this run on a daemon thread of its own, so that it overlaps what the fork
     * does before its first window (the handshake with Maven's process, the agent's start, the driver's loading);
     * {@link #discover()} then takes it. Only the kit's classes are loaded by it: the driver's are in the driver's
     * loader, which exists only once the agent started.
     */
    public static void discoverInBackground() {
        Thread t = new Thread(() -> {
            try {
                discover();
            } catch (RuntimeException | Error e) {
                // the launcher's own call discovers again and reports it
            }
        }, "fabric-tck-catalog");
        t.setDaemon(true);
        t.start();
    }

    private static Catalog find(boolean explorations) {
        TestPlan plan = LauncherFactory.create().discover(
                LauncherDiscoveryRequestBuilder.request().selectors(selectPackage(PACKAGE)).build());
        List<Entry> found = new ArrayList<>();
        for (TestIdentifier root : plan.getRoots()) {
            for (TestIdentifier id : plan.getDescendants(root)) {
                // an exploration window runs only when an exploration is asked for (-Dfabric-tck.explore)
                entry(id).filter(e -> !io.github.fabrictck.report.WindowResult.explores(e.window().id()) || explorations).ifPresent(found::add);
            }
        }
        found.sort(Comparator.comparing((Entry e) -> order(e.window().id())).thenComparing(Entry::label));
        return new Catalog(found);
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
