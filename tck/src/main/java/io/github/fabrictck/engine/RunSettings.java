package io.github.fabrictck.engine;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fork's {@code fabric-tck.*} settings, read once before any driver code runs: {@link #freeze} is the first thing
 * the agent's {@code premain} and the launcher's {@code main} do, so a driver that sets a system property later (from
 * {@code families()}, a static initialiser, an adapter's constructor) changes neither what the windows use nor what
 * the run records. Until it is frozen (the kit's own tests, several runs in one JVM) every read is live.
 */
public final class RunSettings {

    private static final String PREFIX = "fabric-tck.";
    private static volatile Map<String, String> frozen;
    private static volatile int round = 1;

    /** Where the run's files go when the launcher is not told ({@code --out}): the plugin's default. */
    public static final Path DEFAULT_OUTPUT_DIRECTORY = Path.of("target", "fabric-tck");
    private static volatile Path outputDirectory = DEFAULT_OUTPUT_DIRECTORY;

    private RunSettings() {
    }

    /** {@code java.version} and {@code java.vendor} as they were when the settings were frozen, or {@code null}. */
    private static volatile String[] frozenJvm;

    /** Takes the snapshot every later read answers from; the first call wins. */
    public static synchronized void freeze() {
        if (frozen == null) {
            frozenJvm = new String[] {System.getProperty("java.version"), System.getProperty("java.vendor")};
            frozen = Map.copyOf(live());
        }
    }

    /**
     * {@code java.version} and {@code java.vendor} of this JVM, as they were before any driver code ran (the result and
     * the certificate record them; a driver that sets the properties later would make a recheck look for another JVM);
     * live until frozen.
     */
    public static String[] jvm() {
        String[] f = frozenJvm;
        return f != null ? f.clone() : new String[] {System.getProperty("java.version"), System.getProperty("java.vendor")};
    }

    /**
     * Sets the round of a repeated run the launcher is in ({@code fabric-tck.repeat}, from 1): an exploration's
     * k-th run explores the k-th block of seeds, so the repetitions of a sharded run share the seeds out.
     */
    public static void round(int r) {
        round = Math.max(1, r);
    }

    /** The round of a repeated run the launcher is in, from 1 (1 outside the launcher). */
    public static int round() {
        return round;
    }

    /**
     * Sets where the run's files are written ({@code fabric-tck.outputDirectory}, the launcher's {@code --out}), so
     * that what the windows say about a file they leave there (a failing schedule) names where it really is.
     */
    public static void outputDirectory(Path directory) {
        outputDirectory = directory == null ? DEFAULT_OUTPUT_DIRECTORY : directory;
    }

    /** Where the run's files are written: as the launcher was told, else {@code target/fabric-tck}. */
    public static Path outputDirectory() {
        return outputDirectory;
    }

    /** Every {@code fabric-tck.*} setting, by property name. */
    public static Map<String, String> all() {
        Map<String, String> f = frozen;
        return f != null ? new TreeMap<>(f) : live();
    }

    /** The setting's value, or {@code otherwise} when it is not set. */
    public static String get(String property, String otherwise) {
        Map<String, String> f = frozen;
        String v = f != null ? f.get(property) : System.getProperty(property);
        return v == null ? otherwise : v;
    }

    /** The setting as a whole number, or {@code otherwise} when it is not set or not a number (as {@link Long#getLong}). */
    public static long longValue(String property, long otherwise) {
        try {
            return Long.decode(get(property, Long.toString(otherwise)).strip());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    /** The setting as an {@code int}, or {@code otherwise} (as {@link Integer#getInteger}). */
    public static int intValue(String property, int otherwise) {
        long v = longValue(property, otherwise);
        return v == (int) v ? (int) v : otherwise;
    }

    private static Map<String, String> live() {
        Map<String, String> settings = new TreeMap<>();
        for (String name : System.getProperties().stringPropertyNames()) {
            String value = System.getProperty(name);
            if (name.startsWith(PREFIX) && value != null) {
                settings.put(name, value);
            }
        }
        return settings;
    }
}
