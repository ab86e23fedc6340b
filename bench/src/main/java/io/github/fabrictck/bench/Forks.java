package io.github.fabrictck.bench;

import io.github.fabrictck.engine.Agent;
import io.github.fabrictck.sample.SampleDriver;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * Starts the benchmark's JVMs. The project's own jars and classes (the kit, the SPI, the sample
 * driver, the benchmark) are copied first into the work directory, so that another build
 * installing or compiling new ones meanwhile cannot change them under a running fork; this JVM's
 * {@code java.class.path} is set to the copies (JMH starts its forks with it), and the benchmark's
 * own classes are loaded at once.
 *
 * <p>A fork with the agent is started as the Maven plugin starts it:
 * {@code java -Dnet.bytebuddy.safe=true -Dfabric-tck.instrument.locations=<driver jar>
 * -Dfabric-tck.windowTimeout=60 -javaagent:<fabric-tck jar> -cp <driver's class path, then the kit's> MAIN}.
 */
public final class Forks {

    /** What a fork did. */
    public record Outcome(int exitCode, boolean timedOut, long wallMillis, Path log) {
    }

    private final Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    private final Path agentJar;
    private final Path driverLocation;
    private final List<String> classpath;
    private final Path benchClasses;
    /** The zoo's jar (or classes), kept off every fork's class path but those of {@link #withZoo()}; or {@code null}. */
    private final Path zoo;
    private final boolean zooOn;

    private Forks(Path agentJar, Path driverLocation, List<String> classpath, Path benchClasses, Path zoo,
                  boolean zooOn) {
        this.agentJar = agentJar;
        this.driverLocation = driverLocation;
        this.classpath = classpath;
        this.benchClasses = benchClasses;
        this.zoo = zoo;
        this.zooOn = zooOn;
    }

    /**
     * These forks with the zoo's designs on the launcher's class path and among the locations the agent rewrites,
     * as a vendor's module with both would run; the other sections' forks never see the zoo, so their figures (classes
     * rewritten, start-up) stay those of the sample driver alone.
     *
     * @throws IllegalStateException when the zoo is not on this JVM's class path
     */
    public Forks withZoo() {
        if (zoo == null) {
            throw new IllegalStateException("The zoo (fabric-tck-zoo) is not on the benchmark's class path.");
        }
        return new Forks(agentJar, driverLocation, classpath, benchClasses, zoo, true);
    }

    /**
     * Copies the project's jars of this JVM's class path to {@code workDirectory/classpath}.
     *
     * @throws IllegalStateException when the kit is not a jar (the module was compiled, not packaged)
     */
    public static Forks prepare(Path workDirectory) throws IOException {
        Path kit = location(Agent.class);
        Path driver = location(SampleDriver.class);
        Path bench = location(Forks.class);
        Path zoo = zooLocation();
        if (!Files.isRegularFile(kit)) {
            throw new IllegalStateException("The kit is not a jar here (" + kit + "): the agent needs "
                    + "fabric-tck-<version>.jar. Run the benchmark through `verify` (or `package`) of the reactor.");
        }
        Path copies = workDirectory.resolve("classpath");
        Files.createDirectories(copies);
        List<String> cp = new ArrayList<>();
        Path agentCopy = null;
        Path driverCopy = null;
        Path benchCopy = bench;
        Path zooCopy = null;
        int i = 0;
        for (String element : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (element.isBlank()) {
                continue;
            }
            Path p = Path.of(element).toAbsolutePath().normalize();
            Path used = p;
            boolean project = p.equals(kit) || p.equals(driver) || p.getFileName().toString().startsWith("fabric-tck")
                    || Files.isDirectory(p);
            if (project && Files.exists(p)) {
                used = copies.resolve(String.format("%02d-%s", i++, p.getFileName()));
                copy(p, used);
            }
            if (p.equals(kit)) {
                agentCopy = used;
            }
            if (p.equals(driver)) {
                driverCopy = used;
            }
            if (p.equals(bench)) {
                benchCopy = used;
            }
            if (p.equals(zoo)) {
                zooCopy = used;
                continue;
            }
            cp.add(used.toString());
        }
        if (agentCopy == null || driverCopy == null) {
            throw new IllegalStateException("The kit (" + kit + ") or the sample driver (" + driver
                    + ") is not on the class path " + System.getProperty("java.class.path"));
        }
        if (Files.isDirectory(bench)) {
            loadAll(bench);
        }
        System.setProperty("java.class.path", String.join(File.pathSeparator, cp)
                + (zooCopy == null ? "" : File.pathSeparator + zooCopy));
        return new Forks(agentCopy, driverCopy, cp, benchCopy, zooCopy, false);
    }

    /** Where the zoo's classes come from, or {@code null} when it is not on the class path. */
    private static Path zooLocation() {
        try {
            return location(Class.forName("io.github.fabrictck.zoo.ZooDriver", false, Forks.class.getClassLoader()));
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    /** The kit's jar, the {@code -javaagent}. */
    public Path agentJar() {
        return agentJar;
    }

    /** The sample driver's jar or classes directory: what the agent rewrites. */
    public Path driverLocation() {
        return driverLocation;
    }

    /** The JVM options that attach the agent, as the plugin gives them. */
    public List<String> agentOptions() {
        return List.of("-Dnet.bytebuddy.safe=true", "-Dfabric-tck.instrument.locations=" + driverLocation
                        + (zooOn ? File.pathSeparator + zoo : ""),
                "-Dfabric-tck.windowTimeout=60", "-javaagent:" + agentJar);
    }

    /**
     * The class path of a launcher fork, as the plugin builds it: the driver's module first, then the
     * kit and its libraries; not the benchmark's own classes nor JMH.
     */
    public List<String> launcherClasspath() {
        List<String> cp = new ArrayList<>();
        cp.add(driverLocation.toString());
        if (zooOn) {
            cp.add(zoo.toString());
        }
        for (String e : classpath) {
            if (!e.equals(driverLocation.toString()) && !e.equals(benchClasses.toString()) && !isJmh(e)) {
                cp.add(e);
            }
        }
        return cp;
    }

    /** The whole class path of this JVM (with the copies) but the zoo, for the benchmark's own forks. */
    public List<String> benchClasspath() {
        return classpath;
    }

    /** The class path to run the benchmark itself again: {@link #benchClasspath()} and the zoo. */
    public List<String> selfClasspath() {
        List<String> cp = new ArrayList<>(classpath);
        if (zoo != null) {
            cp.add(zoo.toString());
        }
        return cp;
    }

    /** {@code java OPTIONS -cp CLASSPATH MAIN ARGS}. */
    public List<String> command(List<String> options, List<String> cp, String main, List<String> args) {
        List<String> c = new ArrayList<>();
        c.add(java.toString());
        c.addAll(options);
        c.add("-cp");
        c.add(String.join(File.pathSeparator, cp));
        c.add(main);
        c.addAll(args);
        return c;
    }

    /**
     * Runs a fork to its end, its output (both streams) into {@code log}, killed with its
     * descendants after {@code timeout}.
     *
     * @param lines told of each line of output with the milliseconds since the fork was started
     */
    public static Outcome run(List<String> command, Path log, Duration timeout, BiConsumer<Long, String> lines)
            throws IOException, InterruptedException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        long start = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                 Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
                out.write(String.join(" ", command) + System.lineSeparator());
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    long at = (System.nanoTime() - start) / 1_000_000;
                    out.write(line + System.lineSeparator());
                    if (lines != null) {
                        lines.accept(at, line);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, "fork-output");
        reader.setDaemon(true);
        reader.start();
        boolean ended = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!ended) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor();
        }
        long wall = (System.nanoTime() - start) / 1_000_000;
        reader.join(5_000);
        return new Outcome(ended ? p.exitValue() : -1, !ended, wall, log);
    }

    /** Loads (without initialising) every class of the directory, so that a rebuild cannot pull it away. */
    private static void loadAll(Path classes) throws IOException {
        try (var files = Files.walk(classes)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(f).toString().replace(File.separatorChar, '.');
                try {
                    Class.forName(name.substring(0, name.length() - ".class".length()), false,
                            Forks.class.getClassLoader());
                } catch (ClassNotFoundException | LinkageError e) {
                    // not a class of this class path (or not loadable alone): nothing to keep
                }
            }
        }
    }

    private static boolean isJmh(String element) {
        String e = element.replace('\\', '/');
        return e.contains("/org/openjdk/jmh/") || e.contains("/jopt-simple/") || e.contains("/commons-math3/")
                || e.contains("jmh-core") || e.contains("jopt-simple") || e.contains("commons-math3");
    }

    private static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        if (Files.isRegularFile(from)) {
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
            return;
        }
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.REPLACE_EXISTING);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
