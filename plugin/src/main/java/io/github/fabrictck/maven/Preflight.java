package io.github.fabrictck.maven;

import io.github.fabrictck.launcher.Catalog;
import io.github.fabrictck.launcher.ConfigurationError;
import io.github.fabrictck.launcher.DriverChoice;
import io.github.fabrictck.launcher.WindowSelection;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The configuration checks the {@code run} goal makes before it forks, without running any driver
 * code: each returns {@code null} when all is well, or the one sentence that says what to change.
 * Only a wrong driver name needs the driver's own code and is left to the fork, which answers it
 * before any window runs.
 */
final class Preflight {

    static final String SERVICES = "META-INF/services/io.github.fabrictck.spi.Driver";

    private Preflight() {
    }

    /** The output directory can be created and written. */
    static String outputDirectory(Path dir) {
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".fabric-tck-probe", ".tmp");
            Files.delete(probe);
            return null;
        } catch (IOException | SecurityException e) {
            return "The output directory " + dir + " cannot be written: " + e
                    + ". Set fabric-tck.outputDirectory to a writable directory.";
        }
    }

    /**
     * Every setting is in its documented range ({@link RunConfiguration#problems}): {@code null}, or
     * one sentence per setting out of range, each naming the property, the value and the range.
     */
    static String settings(RunConfiguration config, Path jvm) {
        List<String> problems = config.problems(jvm);
        return problems.isEmpty() ? null : String.join("\n", problems);
    }

    /**
     * The schedule file {@code fabric-tck.replay} names (on Maven's command line, in the POM's properties or in the
     * argLine, all of which reach the fork's argLine) is there and is a schedule file: {@code null}, or the one sentence
     * naming the property and the path ({@link io.github.fabrictck.explore.Exploration#replayProblem}).
     *
     * @param baseDirectory the project's base directory, which the fork runs in and reads a relative path against
     */
    static String replay(RunConfiguration config, Path baseDirectory) {
        try {
            return io.github.fabrictck.explore.Exploration.replayProblem(
                    config.argLineProperties().get("fabric-tck.replay"), baseDirectory);
        } catch (IllegalArgumentException unclosedQuote) {
            return null; // the settings' check says it
        }
    }

    /**
     * The module's sources were compiled: a classes directory with no file while a source or resource
     * directory has some means the goal ran alone ({@code clean fabric-tck:run}), and "no driver
     * found" would blame the wrong thing.
     *
     * @param classesDirectory the module's classes directory
     * @param sourceRoots      its compile source roots and resource directories
     */
    static String compiled(Path classesDirectory, List<String> sourceRoots) {
        if (hasFile(classesDirectory)) {
            return null;
        }
        for (String root : sourceRoots) {
            if (root != null && hasFile(Path.of(root))) {
                return "The module's classes are not compiled (" + classesDirectory + " is "
                        + (Files.isDirectory(classesDirectory) ? "empty" : "missing") + ", but " + root
                        + " has sources): compile first (run `mvn verify`, not the goal alone).";
            }
        }
        return null;
    }

    private static boolean hasFile(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (var files = Files.walk(dir)) {
            return files.anyMatch(Files::isRegularFile);
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    /** Every window id, variant ({@code CQ-1/a}) or family named exists, and the selection is not empty. */
    static String windows(String windows, String excluded, boolean exploring) {
        try {
            WindowSelection.variants(Catalog.discover(exploring), WindowSelection.names(windows),
                    WindowSelection.names(excluded));
            return null;
        } catch (ConfigurationError e) {
            return e.getMessage();
        }
    }

    /**
     * The driver is built against an SPI this kit speaks: the same major and minor version.
     *
     * @param projectSpi the project's fabric-tck-spi version, {@code null} when it has none
     * @param kitSpi     the kit's fabric-tck-spi version
     */
    static String spi(String projectSpi, String kitSpi) {
        if (projectSpi == null) {
            return "The project does not depend on io.github.fabrictck:fabric-tck-spi, so it has no Fabric TCK driver: "
                    + "add the dependency and implement io.github.fabrictck.spi.Driver.";
        }
        if (!majorMinor(projectSpi).equals(majorMinor(kitSpi))) {
            return "The driver is built against fabric-tck-spi " + projectSpi + ", but this kit needs fabric-tck-spi "
                    + majorMinor(kitSpi) + ".x: rebuild the driver against io.github.fabrictck:fabric-tck-spi:" + kitSpi + ".";
        }
        return null;
    }

    static String majorMinor(String version) {
        String[] parts = version.split("[.-]");
        return parts.length >= 2 ? parts[0] + "." + parts[1] : version;
    }

    /**
     * A driver is listed on the class path, and one is chosen when several are.
     *
     * @param classpath the fork's class path elements (directories and jars)
     * @param driver    the chosen driver's name, or {@code null}
     */
    static String drivers(List<String> classpath, String driver) {
        List<String> listed = new ArrayList<>();
        for (String element : classpath) {
            listed.addAll(listedDrivers(Path.of(element)));
        }
        if (listed.isEmpty()) {
            return DriverChoice.noDriverFound();
        }
        if (listed.size() > 1 && (driver == null || driver.isBlank())) {
            return DriverChoice.severalDrivers(listed);
        }
        return null;
    }

    /** The class names a class path element lists as drivers, without loading any class. */
    static List<String> listedDrivers(Path element) {
        try {
            if (Files.isDirectory(element)) {
                Path services = element.resolve(SERVICES);
                return Files.isRegularFile(services) ? classNames(Files.newInputStream(services)) : List.of();
            }
            if (Files.isRegularFile(element)) {
                try (ZipFile jar = new ZipFile(element.toFile())) {
                    ZipEntry entry = jar.getEntry(SERVICES);
                    return entry == null ? List.of() : classNames(jar.getInputStream(entry));
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        return List.of();
    }

    private static List<String> classNames(InputStream in) throws IOException {
        List<String> names = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                int hash = line.indexOf('#');
                String name = (hash < 0 ? line : line.substring(0, hash)).strip();
                if (!name.isEmpty()) {
                    names.add(name);
                }
            }
        }
        return names;
    }
}
