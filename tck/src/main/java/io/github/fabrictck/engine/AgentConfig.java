package io.github.fabrictck.engine;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * Which classes the agent rewrites: the classes loaded from the driver's own module (its classes
 * directory or jar, {@value #LOCATIONS}) and classes in extra package prefixes ({@value #PACKAGES}).
 * The SPI and the kit itself are never rewritten.
 *
 * @param locations code-source locations whose classes are the driver's
 * @param packages  package prefixes rewritten wherever they are loaded from
 */
public record AgentConfig(List<Path> locations, List<String> packages) {

    /** System property: the driver's class locations, separated by {@link File#pathSeparator}. */
    public static final String LOCATIONS = "fabric-tck.instrument.locations";
    /** System property: extra package prefixes to rewrite, comma separated. */
    public static final String PACKAGES = "fabric-tck.instrument.packages";

    private static final List<String> NEVER = List.of("io.github.fabrictck.spi.", "io.github.fabrictck.engine.",
            "io.github.fabrictck.sim.", "io.github.fabrictck.windows.", "io.github.fabrictck.report.",
            "io.github.fabrictck.launcher.", "io.github.fabrictck.explore.", "io.github.fabrictck.docs.", "net.bytebuddy.", "org.junit.", "org.awaitility.", "java.", "javax.",
            "jdk.", "sun.", "com.sun.", "io.github.fabrictck.adapter.");

    /** How many of {@link #NEVER}'s first entries are the kit's own packages. */
    private static final int KIT_PACKAGES = 8;

    public AgentConfig {
        locations = locations.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        packages = List.copyOf(packages);
    }

    /** Reads the configuration from system properties. */
    public static AgentConfig fromSystemProperties(Properties properties) {
        List<Path> locations = new ArrayList<>();
        for (String s : properties.getProperty(LOCATIONS, "").split(File.pathSeparator)) {
            if (!s.isBlank()) {
                locations.add(Path.of(s.trim()));
            }
        }
        List<String> packages = Arrays.stream(properties.getProperty(PACKAGES, "").split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).map(s -> s.endsWith(".") ? s : s + ".").toList();
        return new AgentConfig(locations, packages);
    }

    /** Whether the class belongs to the kit or the SPI (never the driver's). */
    public static boolean isKitClass(String className) {
        for (String never : NEVER.subList(0, KIT_PACKAGES)) {
            if (className.startsWith(never)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the agent never rewrites the class of this name, whatever the configuration: the kit, the SPI, the JDK
     * ({@code java.}, {@code javax.}, {@code jdk.}, {@code sun.}, {@code com.sun.}) and the kit's libraries.
     */
    public static boolean neverRewritten(String className) {
        for (String never : NEVER) {
            if (className.startsWith(never)) {
                return true;
            }
        }
        return false;
    }

    /** Whether nothing at all would be rewritten. */
    public boolean isEmpty() {
        return locations.isEmpty() && packages.isEmpty();
    }

    /** Whether the class of this name, loaded with this protection domain, is the driver's. */
    public boolean isDriverClass(String className, ProtectionDomain domain) {
        for (String never : NEVER) {
            if (className.startsWith(never)) {
                return false;
            }
        }
        if (Libraries.isReplaced(className)) {
            return false;
        }
        for (String p : packages) {
            if (className.startsWith(p)) {
                return true;
            }
        }
        Path location = location(domain);
        return location != null && locations.contains(location);
    }

    /**
     * Whether the class is the driver's, {@link #isDriverClass(String, ProtectionDomain) as above}, or
     * defined by a class loader that is neither the JVM's nor the kit's {@link DriverLoader}: in the
     * fork only driver code creates class loaders, and a class it defines from bytes (with no code
     * source, or one that names another place) is its code all the same.
     */
    public boolean isDriverClass(String className, ClassLoader loader, ProtectionDomain domain) {
        if (isDriverClass(className, domain)) {
            return true;
        }
        for (String never : NEVER) {
            if (className.startsWith(never)) {
                return false;
            }
        }
        return loader != null && loader != ClassLoader.getSystemClassLoader()
                && loader != ClassLoader.getPlatformClassLoader() && !(loader instanceof DriverLoader);
    }

    private static Path location(ProtectionDomain domain) {
        CodeSource source = domain == null ? null : domain.getCodeSource();
        URL url = source == null ? null : source.getLocation();
        if (url == null || !"file".equals(url.getProtocol())) {
            return null;
        }
        try {
            return Path.of(url.toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }
}
