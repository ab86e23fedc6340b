package io.github.fabrictck.maven;

import io.github.fabrictck.launcher.Catalog;
import io.github.fabrictck.launcher.ConfigurationError;
import io.github.fabrictck.launcher.WindowSelection;
import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.Settings;
import io.github.fabrictck.report.WindowInfo;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What the {@code run}, {@code verify} and {@code recheck} goals share: the run's configuration,
 * so that {@code verify} can refuse a result made under another one, and the artifacts that supply
 * driver code, which the certificate binds.
 */
abstract class ConfiguredRunMojo extends FabricTckMojo {

    /** The driver's name, as it names itself; needed only when the class path has several. */
    @Parameter(property = "fabric-tck.driver")
    protected String driver;

    /** Comma list of window ids or families to run, for example {@code CQ-1,HS}; default: the whole catalog. */
    @Parameter(property = "fabric-tck.windows")
    protected String windows;

    /** Comma list of window ids or families not to run. */
    @Parameter(property = "fabric-tck.excludeWindows")
    protected String excludeWindows;

    /**
     * Runs each window variant this many times (1 to 1000) and reports the verdict counts and the
     * time-to-detect distribution: the flakiness report. An exploration window ({@code -X}) explores the
     * next block of seeds in each run, so an outcome that changes between its runs is reported as
     * {@code FAIL (1 of 10 seed blocks)}, not as flaky.
     */
    @Parameter(property = "fabric-tck.repeat", defaultValue = "1")
    protected String repeat;

    /**
     * Runs only the i-th of n disjoint parts of the run ({@code i/n}, 1 ≤ i ≤ n, n ≥ 2; for example {@code 2/4}):
     * the shard of one job of a CI matrix, which {@code fabric-tck:merge} joins with the others. A
     * shard alone is never a certification. See the site's plugin page, "Sharding in CI".
     */
    @Parameter(property = "fabric-tck.shard")
    protected String shard;

    /** Comma list of package prefixes to instrument in addition to the classes directory. */
    @Parameter(property = "fabric-tck.instrumentPackages")
    protected String instrumentPackages;

    /** The driver's classes, which the agent rewrites. */
    @Parameter(defaultValue = "${project.build.outputDirectory}", required = true)
    protected File classesDirectory;

    /** The fork is killed when it runs longer than this many seconds (1 to 86400). */
    @Parameter(property = "fabric-tck.forkTimeout", defaultValue = "600")
    protected String forkTimeoutSeconds;

    /**
     * A window variant is an ERROR when it starts no new trial for this many seconds, or runs five times this long in
     * all (1 to 3600).
     */
    @Parameter(property = "fabric-tck.windowTimeout", defaultValue = "60")
    protected String windowTimeoutSeconds;

    /**
     * Extra arguments of the forked JVM, separated by whitespace; quotes group (as in a shell).
     * Its {@code -Dfabric-tck.*} settings are checked against their ranges before the fork.
     */
    @Parameter(property = "fabric-tck.argLine")
    protected String argLine;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    protected MavenSession session;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    protected MavenProject project;

    /** The plugin's own artifacts: the kit and what it brings, which the certificate names by version, not binds. */
    @Parameter(defaultValue = "${plugin.artifacts}", readonly = true, required = true)
    protected List<Artifact> pluginArtifacts;

    /**
     * The configuration the parameters give. The settings the fork reads given to Maven ({@code -Dfabric-tck.peers=16},
     * {@code -Dfabric-tck.explore=pct}, on the command line or in the POM's properties) join the fork's {@code argLine},
     * as Surefire passes user properties on: the range check, the certificate and the reproduce command see them like
     * any other setting of the fork.
     */
    protected RunConfiguration configuration() {
        return new RunConfiguration(driver, windows, excludeWindows, repeat, windowTimeoutSeconds, forkTimeoutSeconds,
                withForkSettings(argLine, mavenProperties()), instrumentPackages);
    }

    /**
     * {@code argLine} followed by a {@code -D} for each setting the fork reads among {@code properties} (after the
     * argLine, so a value given to Maven wins, as the most specific); {@code argLine} itself when there is none.
     */
    static String withForkSettings(String argLine, Map<String, String> properties) {
        StringBuilder line = new StringBuilder(argLine == null ? "" : argLine.strip());
        for (String property : Settings.forkReadProperties()) {
            String value = properties.get(property);
            if (value != null) {
                String arg = "-D" + property + "=" + value.strip();
                line.append(line.length() == 0 ? "" : " ").append(arg.matches("\\S+") ? arg : '"' + arg + '"');
            }
        }
        return line.length() == 0 ? argLine : line.toString();
    }

    /** Maven's project, JVM and user properties named {@code fabric-tck.*}. */
    protected Map<String, String> mavenProperties() {
        Map<String, String> properties = new TreeMap<>();
        if (project != null) {
            project.getProperties().stringPropertyNames().stream().filter(n -> n.startsWith("fabric-tck."))
                    .forEach(n -> properties.put(n, project.getProperties().getProperty(n)));
        }
        if (session != null) {
            // Maven's own JVM properties (MAVEN_OPTS, .mvn/jvm.config) too: a fork setting there is as lost as one
            // given with -D, and must be said so rather than ignored
            for (Properties p : List.of(session.getSystemProperties(), session.getUserProperties())) {
                p.stringPropertyNames().stream().filter(n -> n.startsWith("fabric-tck."))
                        .forEach(n -> properties.put(n, p.getProperty(n)));
            }
        }
        return properties;
    }

    /**
     * Every artifact that supplies driver code, as they are now: the module's jar (else its classes
     * directory), named {@code groupId:artifactId:version} so that a third party can resolve it to recheck the
     * certificate, then every other jar or classes directory of the project's runtime class path (what
     * the fork's driver loader loads) but the kit's own ({@link #kitOwn}), whether {@code
     * instrumentPackages} names it or not: the code a module's endpoint forwards to is driver code too.
     */
    protected List<DriverArtifact> driverArtifacts() throws IOException {
        File jar = project.getArtifact() == null ? null : project.getArtifact().getFile();
        Path base = project.getBasedir().toPath();
        List<DriverArtifact> artifacts = new ArrayList<>();
        artifacts.add(DriverArtifact.of(project.getGroupId() + ":" + project.getArtifactId() + ":" + project.getVersion(),
                jar == null ? null : jar.toPath(), classesDirectory.toPath(), base));
        Set<Path> runtime = new HashSet<>();
        try {
            project.getRuntimeClasspathElements().forEach(e -> runtime.add(Path.of(e).toAbsolutePath().normalize()));
        } catch (DependencyResolutionRequiredException e) {
            throw new IOException("the project's runtime class path is not resolved: " + e.getMessage(), e);
        }
        for (Artifact a : project.getArtifacts()) {
            if (a.getFile() != null && runtime.contains(a.getFile().toPath().toAbsolutePath().normalize())
                && !kitOwn(a, pluginArtifacts)) {
                DriverArtifact d = DriverArtifact.library(a.getGroupId() + ":" + a.getArtifactId() + ":"
                        + a.getBaseVersion(), a.getFile().toPath(), base);
                if (d != null) {
                    artifacts.add(d);
                }
            }
        }
        return artifacts;
    }

    /** The build's root: where its {@code .mvn/} is (Maven's multi-module project directory). */
    protected Path buildRoot() {
        File root = session == null || session.getRequest() == null ? null
                : session.getRequest().getMultiModuleProjectDirectory();
        return (root == null ? project.getBasedir() : root).toPath();
    }

    /**
     * How the build's {@code .mvn/} files now differ from those the certificate recorded before its fork, one
     * sentence each: a driver that wrote {@code .mvn/maven.config} during its run changes the next build's JVM.
     */
    protected List<String> mavenConfigProblems(Certificate c) {
        if (c.fork() == null) {
            return List.of();
        }
        return ForkEnvironment.changed("The build's configuration file", c.fork().mavenConfig(),
                ForkEnvironment.mavenConfig(buildRoot()), "since the Fabric TCK run").stream()
                .map(d -> d + ": run fabric-tck:run again.").toList();
    }

    /** The project's runtime class path: the module's classes and what the fork's driver loader loads with them. */
    List<String> classpath() throws MojoExecutionException {
        try {
            return project.getRuntimeClasspathElements();
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("The project's runtime class path is not resolved: " + e.getMessage(), e);
        }
    }

    /**
     * {@code null}, or the sentence that the module's classes directory (what the fork runs) is not its jar (what the
     * certificate binds): see {@link DriverArtifact#classesDifferFromJar}.
     */
    protected String classesNotTheJar() throws IOException {
        File jar = project.getArtifact() == null ? null : project.getArtifact().getFile();
        return DriverArtifact.classesDifferFromJar(jar == null ? null : jar.toPath(), classesDirectory.toPath(),
                project.getBasedir().toPath());
    }

    /**
     * Whether a dependency is the kit's own, which the certificate names by the kit's version rather than
     * binds: a file the plugin itself runs from (the kit's jar, its SPI, the libraries it brings, resolved
     * from the same repository), or another file of the same kit artifact with the same bytes. Coordinates
     * alone prove nothing: a vendor's module that calls itself {@code fabric-tck-spi} at the kit's version
     * and carries its own classes is bound like any other dependency (so is the kit built in the same
     * reactor as the driver, whose jar is not the file the plugin resolved: bound, and unchanged by then).
     */
    static boolean kitOwn(Artifact a, List<Artifact> plugin) {
        if (plugin == null) {
            return false;
        }
        Path file = a.getFile().toPath().toAbsolutePath().normalize();
        for (Artifact p : plugin) {
            if (p.getFile() != null && p.getFile().toPath().toAbsolutePath().normalize().equals(file)) {
                return true;
            }
            if (ForkClasspath.KIT_GROUP_ID.equals(a.getGroupId()) && a.getGroupId().equals(p.getGroupId())
                && a.getArtifactId().equals(p.getArtifactId()) && a.getBaseVersion().equals(p.getBaseVersion())
                && sameBytes(file, p.getFile())) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameBytes(Path file, File other) {
        try {
            return other != null && Files.isRegularFile(file) && Files.isRegularFile(other.toPath())
                    && Files.mismatch(file, other.toPath()) == -1;
        } catch (IOException e) {
            return false; // unreadable: bound, and the hash says what it can
        }
    }

    /**
     * The artifacts as {@link #driverArtifacts} finds them now, but the module's found as the
     * certificate recorded it ({@link DriverArtifact#now}): a goal run without {@code package} still
     * hashes the jar the run bound.
     */
    protected List<DriverArtifact> artifactsNow(Certificate c) throws IOException {
        List<DriverArtifact> now = new ArrayList<>(driverArtifacts());
        DriverArtifact recorded = c.artifacts().stream().filter(a -> DriverArtifact.MODULE.equals(a.role()))
                .findFirst().orElse(null);
        if (recorded != null) {
            File jar = project.getArtifact() == null ? null : project.getArtifact().getFile();
            now.set(0, DriverArtifact.now(recorded, jar == null ? null : jar.toPath(), project.getBasedir().toPath()));
        }
        return now;
    }

    /**
     * Whether this run explores: {@code fabric-tck.explore} or {@code replay} given to Maven or in the
     * {@code argLine}; only then the catalog has the {@code -X} windows.
     */
    protected boolean exploring() {
        return Catalog.explores(configuration().effective());
    }

    /** The catalog's metadata, or {@code null} when it cannot be read here. */
    protected Map<String, WindowInfo> catalogInfo() {
        return catalogInfo(exploring());
    }

    /**
     * The catalog's metadata with the {@code -X} windows or without, or {@code null} when it cannot be read here: a
     * recheck asks for the catalog of the certificate's settings, not of this build's.
     */
    protected Map<String, WindowInfo> catalogInfo(boolean exploring) {
        try {
            return Catalog.discover(exploring).info();
        } catch (RuntimeException | LinkageError e) {
            getLog().warn("Fabric TCK: cannot read the catalog in Maven's JVM: " + e);
            return null;
        }
    }

    /**
     * The {@code verify} goal's decision on the result in the output directory: its certificate (missing, changed
     * since the run, not the one {@code run} wrote in this build, {@code .mvn/} changed), the classes that ran against
     * the jar it binds, and each verdict against {@code expectFail} (a comma list of window ids that must FAIL).
     */
    protected Certification judgement(String expectFail) throws MojoFailureException {
        RunConfiguration config = configuration();
        String badSetting = Preflight.settings(config, null);
        if (badSetting == null) {
            badSetting = io.github.fabrictck.launcher.Sharding.problem(shard);
        }
        if (badSetting != null) {
            throw new MojoFailureException(badSetting);
        }
        Path out = outputDirectory.toPath();
        Map<String, WindowInfo> catalog = catalogInfo();
        List<String> certificateProblems = new java.util.ArrayList<>(Certification.certificateProblems(out,
                this::artifactsNow, configured(config)));
        try {
            String notTheJar = classesNotTheJar(); // the certificate binds the jar: the classes that ran must be it
            if (notTheJar != null) {
                certificateProblems.add(Character.toUpperCase(notTheJar.charAt(0)) + notTheJar.substring(1) + ".");
            }
        } catch (java.io.IOException e) {
            certificateProblems.add("Cannot compare the classes directory with the module's jar: " + e + ".");
        }
        Object unwritten = project.getContextValue(RunMojo.contextKey(RunMojo.REPORTS_UNWRITTEN, out));
        if (unwritten instanceof String sentence) {
            certificateProblems.add(sentence);
        }
        String written = writtenInThisBuild(out);
        if (written != null) {
            certificateProblems.add(written);
        }
        try {
            certificateProblems.addAll(mavenConfigProblems(CertificateDocument.read(out.resolve(Certificate.FILE_NAME))));
        } catch (java.io.IOException e) {
            // no certificate or an unreadable one: Certification.certificateProblems said so
        }
        return Certification.of(out.resolve(ResultJson.FILE_NAME), expectFail,
                certificateProblems, catalog == null ? Map.of() : catalog);
    }

    /**
     * When {@code run} ran in this build, the certificate on disk must be the one it wrote (it left the digest in
     * the project's context, in Maven's memory): a process the driver left behind could have written another one
     * between the two goals. {@code null} when it is, or when {@code run} did not run in this build.
     */
    private String writtenInThisBuild(Path out) {
        Object sha = project.getContextValue(RunMojo.contextKey(RunMojo.CERTIFICATE_WRITTEN, out));
        if (!(sha instanceof String expected)) {
            return null;
        }
        Path file = out.resolve(Certificate.FILE_NAME);
        String now;
        try {
            now = java.nio.file.Files.isRegularFile(file) ? io.github.fabrictck.report.DriverArtifact.fileSha256(file) : null;
        } catch (java.io.IOException e) {
            now = null;
        }
        return expected.equals(now) ? null : file + " is not the certificate fabric-tck:run wrote in this build (sha256 "
                + expected + " written, " + now + " now): something changed it after the run (a process the driver "
                + "left?); run fabric-tck:run again.";
    }

    private Certificate.Configuration configured(RunConfiguration config) throws MojoFailureException {
        try {
            List<String> selected = List.copyOf(WindowSelection.resolve(Catalog.discover(exploring()),
                    WindowSelection.names(windows), WindowSelection.names(excludeWindows)));
            return new Certificate.Configuration(driver, selected,
                    List.copyOf(WindowSelection.names(ForkCommand.commaList(excludeWindows))), config.effective());
        } catch (ConfigurationError e) {
            throw new MojoFailureException(e.getMessage());
        }
    }
}
