package io.github.fabrictck.engine;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;

/**
 * The class loader of the driver's classes and libraries in the plugin's fork. The fork's class
 * path holds the kit alone; the driver's module and its dependencies are this loader's own URLs
 * (the agent's argument), and its parent is the JDK's platform loader, so driver code cannot name
 * the kit's internals: of the kit it sees only its surface, {@link #SURFACE_PACKAGES} and
 * {@link #SURFACE_CLASSES} (and {@link #ADAPTER_SURFACE} in a module that declares an adapter).
 * Every other name in the kit's packages is refused, even when the driver's own class path holds a
 * copy of the kit's jar. The JDK and the driver's own libraries, in their own versions, are
 * visible as usual.
 *
 * <p>This hides the kit by name only ({@code Class.forName}, linking, resources, the context class
 * loader): the kit's loader itself is still the JVM's system class loader, which any code can
 * reach through {@link ClassLoader#getSystemClassLoader()} or a kit object's class, and load the
 * kit's classes from by reflection. What keeps a driver from forging the verdict is the channel
 * (site: trust-model.md).
 */
public final class DriverLoader extends URLClassLoader {

    static {
        ClassLoader.registerAsParallelCapable();
    }

    /** The kit's packages: a class name in them is the kit's to give or to refuse, never the driver's. */
    static final List<String> KIT_PACKAGES = List.of("io.github.fabrictck.spi.", "io.github.fabrictck.adapter.",
            "io.github.fabrictck.engine.", "io.github.fabrictck.sim.", "io.github.fabrictck.windows.",
            "io.github.fabrictck.report.", "io.github.fabrictck.launcher.", "io.github.fabrictck.docs.",
            "io.github.fabrictck.maven.");

    /** What any driver sees of the kit: the SPI and the adapter SPI. */
    static final List<String> SURFACE_PACKAGES = List.of("io.github.fabrictck.spi.", "io.github.fabrictck.adapter.");

    /** The one class the agent's rewritten call sites and inlined advice call. */
    static final Set<String> SURFACE_CLASSES = Set.of("io.github.fabrictck.engine.Points");

    /**
     * What an adapter's environment is built from (DiSNI's {@code SimulatedVerbs}; the shared-CQ
     * device, to which it reports what the library's decoder made of a completion): visible only in
     * a module that lists an {@code io.github.fabrictck.adapter.Adapter} service. Not {@link WindowRun}:
     * its public methods ({@code opened}, {@code restoreHoldRecords}) make the evidence a PASS needs, so a
     * channel is made with {@code CompletionChannel.inThisWindow}, which names the window for the adapter.
     * With the shared-CQ device comes its package-private base class ({@code sim.EventDevice}), whose class
     * file Byte Buddy reads to rewrite code that names the device; its public methods are the device's.
     */
    static final Set<String> ADAPTER_SURFACE = Set.of("io.github.fabrictck.sim.CompletionChannel",
            "io.github.fabrictck.sim.SharedQueueDevice", "io.github.fabrictck.sim.EventDevice");

    private static final String ADAPTER_SERVICE = "META-INF/services/io.github.fabrictck.adapter.Adapter";

    private static volatile ClassLoader installed;

    private final ClassLoader kit;
    private final boolean adapter;

    DriverLoader(List<Path> classPath, ClassLoader kit) {
        super("fabric-tck-driver", urls(classPath), ClassLoader.getPlatformClassLoader());
        this.kit = kit;
        this.adapter = findResource(ADAPTER_SERVICE) != null;
    }

    /**
     * Makes the loader of the driver's class path ({@link File#pathSeparator} separated, the
     * agent's argument); without one the driver shares the system class loader with the kit, as
     * in the kit's own tests and the bench. Once per JVM, before any driver class is loaded.
     */
    static synchronized void install(String classPath) {
        if (installed != null || classPath == null || classPath.isBlank()) {
            return;
        }
        List<Path> elements = new ArrayList<>();
        for (String element : classPath.split(File.pathSeparator)) {
            if (!element.isBlank()) {
                elements.add(Path.of(element.strip()));
            }
        }
        installed = new DriverLoader(elements, DriverLoader.class.getClassLoader());
    }

    /** The loader of the driver's classes: the one the agent made, else the system class loader. */
    public static ClassLoader current() {
        ClassLoader loader = installed;
        return loader != null ? loader : ClassLoader.getSystemClassLoader();
    }

    /** Whether driver code may name this class of the kit. */
    boolean visible(String className) {
        return SURFACE_PACKAGES.stream().anyMatch(className::startsWith) || SURFACE_CLASSES.contains(className)
               || adapter && ADAPTER_SURFACE.contains(className);
    }

    static boolean ofTheKit(String className) {
        return KIT_PACKAGES.stream().anyMatch(className::startsWith);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (ofTheKit(name)) {
            if (visible(name)) {
                return kit.loadClass(name);
            }
            throw new ClassNotFoundException(name + " belongs to the Fabric TCK and is not visible to the driver's code"
                    + " (it sees the SPI io.github.fabrictck.spi, the adapter SPI and io.github.fabrictck.engine.Points)");
        }
        return super.loadClass(name, resolve);
    }

    /** The class name of a resource under the kit's packages ({@code a/b/C.class}), or {@code null} for any other resource. */
    private static String kitClassOf(String resource) {
        String dotted = resource.replace('/', '.');
        if (!ofTheKit(dotted)) {
            return null;
        }
        return dotted.endsWith(".class") ? dotted.substring(0, dotted.length() - ".class".length()) : dotted;
    }

    // the kit's class files the driver may see come from the kit (Byte Buddy reads the SPI's there to
    // rewrite the driver); any other resource in the kit's packages is not there
    @Override
    public URL getResource(String name) {
        String kitClass = kitClassOf(name);
        if (kitClass != null) {
            return visible(kitClass) ? kit.getResource(name) : null;
        }
        return super.getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        String kitClass = kitClassOf(name);
        if (kitClass != null) {
            return visible(kitClass) ? kit.getResources(name) : Collections.emptyEnumeration();
        }
        return super.getResources(name);
    }

    private static URL[] urls(List<Path> classPath) {
        URL[] urls = new URL[classPath.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = classPath.get(i).toAbsolutePath().toUri().toURL();
            } catch (MalformedURLException e) {
                throw new UncheckedIOException(e);
            }
        }
        return urls;
    }
}
