package io.github.fabrictck.maven;

import io.github.fabrictck.launcher.Catalog;
import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.HtmlReport;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.VerdictTable;
import io.github.fabrictck.report.WindowInfo;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * Runs the race-window catalog against the project's driver in a forked JVM with the kit's agent,
 * and writes {@code fabric-tck-result.json}. Verdicts never fail this goal; {@code verify} judges
 * them. A configuration error (no driver, an unknown window id) fails it at once.
 */
@Mojo(name = "run", defaultPhase = LifecyclePhase.INTEGRATION_TEST,
        requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
public class RunMojo extends FabricTckMojo {

    /** The driver's name, as it names itself; needed only when the class path has several. */
    @Parameter(property = "fabric-tck.driver")
    private String driver;

    /** Comma list of window ids or families to run, for example {@code CQ-1,HS}; default: the whole catalog. */
    @Parameter(property = "fabric-tck.windows")
    private String windows;

    /** Comma list of window ids or families not to run. */
    @Parameter(property = "fabric-tck.excludeWindows")
    private String excludeWindows;

    /**
     * Runs each window variant this many times and reports the verdict counts and the time-to-detect
     * distribution: the flakiness report.
     */
    @Parameter(property = "fabric-tck.repeat", defaultValue = "1")
    private int repeat;

    /** Comma list of package prefixes to instrument in addition to the classes directory. */
    @Parameter(property = "fabric-tck.instrumentPackages")
    private String instrumentPackages;

    /** The driver's classes, which the agent rewrites. */
    @Parameter(defaultValue = "${project.build.outputDirectory}", required = true)
    private File classesDirectory;

    /** The fork is killed when it runs longer than this many seconds (0: no limit). */
    @Parameter(property = "fabric-tck.forkTimeout", defaultValue = "600")
    private int forkTimeoutSeconds;

    /** A window is an ERROR when it runs longer than this many seconds. */
    @Parameter(property = "fabric-tck.windowTimeout", defaultValue = "60")
    private int windowTimeoutSeconds;

    /**
     * The {@code java} executable of the fork; default: the JDK of the build's toolchain (maven-toolchains-plugin),
     * else the one running Maven.
     */
    @Parameter(property = "fabric-tck.jvm")
    private File jvm;

    /** Extra arguments of the forked JVM, separated by whitespace. */
    @Parameter(property = "fabric-tck.argLine")
    private String argLine;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Component
    private ToolchainManager toolchains;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Parameter(defaultValue = "${plugin.artifacts}", readonly = true, required = true)
    private List<Artifact> pluginArtifacts;

    @Parameter(defaultValue = "${plugin.groupId}", readonly = true, required = true)
    private String pluginGroupId;

    @Parameter(defaultValue = "${plugin.artifactId}", readonly = true, required = true)
    private String pluginArtifactId;

    @Parameter(defaultValue = "${plugin.version}", readonly = true, required = true)
    private String pluginVersion;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skipped()) {
            return;
        }
        Path out = outputDirectory.toPath();
        Path resultFile = out.resolve(ResultJson.FILE_NAME);
        List<String> classpath = classpath();
        failIfNotNull(Preflight.outputDirectory(out));
        failIfNotNull(Preflight.windows(windows, excludeWindows));
        failIfNotNull(Preflight.spi(version(project.getArtifacts(), SPI), version(pluginArtifacts, SPI)));
        failIfNotNull(Preflight.compiled(classesDirectory.toPath(), sourceRoots()));
        failIfNotNull(Preflight.drivers(classpath, driver));
        if (repeat < 1) {
            throw new MojoFailureException("fabric-tck.repeat is " + repeat + ": it must be 1 or more.");
        }
        String reproducePrefix = ForkCommand.reproducePrefix(modulePath(project.getBasedir()), ForkCommand.reproduceGoals(
                bindsRunFreely(project, pluginGroupId + ":" + pluginArtifactId), pluginGroupId, pluginArtifactId,
                pluginVersion), changedSettings());
        List<String> command = new ForkCommand(java(), argLine, classesDirectory.toPath(), instrumentPackages,
                windowTimeoutSeconds, agentJar(), classpath, out, driver, windows, excludeWindows, repeat, reproducePrefix)
                .arguments();
        getLog().debug("Fabric TCK fork: " + String.join(" ", command));
        try {
            // A result (or certificate) left by an earlier build must not be judged as this one's.
            Files.deleteIfExists(resultFile);
            Files.deleteIfExists(out.resolve(Certificate.FILE_NAME));
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot delete the previous Fabric TCK result " + resultFile + ": " + e, e);
        }
        ForkExit exit;
        try {
            getLog().info("Fabric TCK: running the catalog in a forked JVM (" + command.get(0) + "), results in " + out);
            Fork fork = Fork.start(command, project.getBasedir().toPath(),
                    progressLog(getLog()::info, parallelBuild(), driver, project.getArtifactId()),
                    progressLog(getLog()::warn, parallelBuild(), driver, project.getArtifactId()));
            exit = fork.await(Duration.ofSeconds(forkTimeoutSeconds));
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot start the Fabric TCK fork with " + command.get(0) + ": "
                    + e.getMessage() + "; check fabric-tck.jvm.", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("Interrupted while the Fabric TCK fork ran; it was killed.", e);
        }
        failIfNotNull(exit.failure());
        String problem = exit.problem(forkTimeoutSeconds);
        if (problem != null) {
            getLog().error(problem);
        }
        if (!Files.exists(resultFile)) {
            getLog().error("The Fabric TCK fork wrote no result at " + resultFile + "; fabric-tck:verify will fail.");
            return;
        }
        Map<String, WindowInfo> catalog = catalogInfo();
        try {
            Result result = ResultJson.read(resultFile);
            if (problem != null) {
                result = ForkAftermath.interrupted(result, problem.replaceAll("\\.$", ""), reproducePrefix);
                ReportFiles.writeAll(result, out, catalog == null ? Map.of() : catalog);
                if (result.running() != null) {
                    getLog().error("Window in progress when the fork ended: " + result.running()
                            + "; every verdict reached before it is kept.");
                }
            }
            VerdictTable.render(result).lines().forEach(getLog()::info);
        } catch (IOException e) {
            getLog().error(e.getMessage());
        }
        certify(out, catalog);
        getLog().info("Fabric TCK result: " + resultFile);
        getLog().info("Fabric TCK report: " + out.resolve(HtmlReport.FILE_NAME));
    }

    /** The settings that are not the default, as {@code -D} properties of a reproduce command. */
    private Map<String, String> changedSettings() {
        Map<String, String> settings = new java.util.LinkedHashMap<>();
        if (repeat != 1) {
            settings.put("fabric-tck.repeat", Integer.toString(repeat));
        }
        if (windowTimeoutSeconds != 60) {
            settings.put("fabric-tck.windowTimeout", Integer.toString(windowTimeoutSeconds));
        }
        if (forkTimeoutSeconds != 600) {
            settings.put("fabric-tck.forkTimeout", Integer.toString(forkTimeoutSeconds));
        }
        if (instrumentPackages != null && !instrumentPackages.isBlank()) {
            settings.put("fabric-tck.instrumentPackages", ForkCommand.commaList(instrumentPackages));
        }
        if (jvm != null) {
            settings.put("fabric-tck.jvm", jvm.toString());
        }
        if (argLine != null && !argLine.isBlank()) {
            settings.put("fabric-tck.argLine", argLine.strip());
        }
        return settings;
    }

    /** The module's source and resource directories: sources there and no classes mean the goal ran alone. */
    private List<String> sourceRoots() {
        List<String> roots = new java.util.ArrayList<>(project.getCompileSourceRoots());
        project.getResources().forEach(r -> roots.add(r.getDirectory()));
        return roots;
    }

    /** The catalog's metadata (for report.html and the certificate), or {@code null} when it cannot be read here. */
    private Map<String, WindowInfo> catalogInfo() {
        try {
            return Catalog.discover().info();
        } catch (RuntimeException | LinkageError e) {
            getLog().warn("Fabric TCK: cannot read the catalog in Maven's JVM: " + e);
            return null;
        }
    }

    /** Writes fabric-tck-certificate.json next to the result: the result bound to the driver artifact. */
    private void certify(Path out, Map<String, WindowInfo> catalog) {
        if (catalog == null || catalog.isEmpty()) {
            getLog().error("Fabric TCK: no certificate written: the catalog could not be read.");
            return;
        }
        File jar = project.getArtifact() == null ? null : project.getArtifact().getFile();
        try {
            Certificate c = Certificate.issue(out, catalog.keySet(), DriverArtifact.of(jar == null ? null : jar.toPath(),
                    classesDirectory.toPath(), project.getBasedir().toPath()));
            getLog().info("Fabric TCK certificate: " + out.resolve(Certificate.FILE_NAME) + " (driver "
                    + c.artifact().kind() + " " + c.artifact().path() + ", sha256 " + c.artifact().sha256() + ")");
        } catch (IOException e) {
            getLog().error("Fabric TCK: cannot write the certificate: " + e.getMessage());
        }
    }

    private static final String SPI = "io.github.fabrictck:fabric-tck-spi";

    private static void failIfNotNull(String sentence) throws MojoFailureException {
        if (sentence != null) {
            throw new MojoFailureException(sentence);
        }
    }

    private static String version(Collection<Artifact> artifacts, String groupAndArtifact) {
        return artifacts.stream().filter(a -> groupAndArtifact.equals(a.getGroupId() + ":" + a.getArtifactId()))
                .map(Artifact::getBaseVersion).findFirst().orElse(null);
    }

    /** The fork's {@code java}: the parameter, else the toolchain's JDK, else the JVM running Maven. */
    private Path java() {
        if (jvm != null) {
            return jvm.toPath();
        }
        Toolchain jdk = toolchains == null ? null : toolchains.getToolchainFromBuildContext("jdk", session);
        String tool = jdk == null ? null : jdk.findTool("java");
        if (tool != null) {
            getLog().info("Fabric TCK: forking with the toolchain's JDK " + tool);
            return Path.of(tool);
        }
        return ForkCommand.currentJvm();
    }

    private List<String> classpath() throws MojoExecutionException {
        List<String> projectElements;
        try {
            projectElements = project.getRuntimeClasspathElements();
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("The project's runtime class path is not resolved: " + e.getMessage(), e);
        }
        Set<String> projectKeys = project.getArtifacts().stream()
                .map(a -> a.getGroupId() + ":" + a.getArtifactId()).collect(Collectors.toSet());
        return ForkClasspath.assemble(projectElements, projectKeys, pluginJars(), pluginGroupId + ":" + pluginArtifactId);
    }

    private List<ForkClasspath.Jar> pluginJars() {
        return pluginArtifacts.stream()
                .map(a -> new ForkClasspath.Jar(a.getGroupId(), a.getArtifactId(),
                        a.getFile() == null ? null : a.getFile().toPath()))
                .toList();
    }

    private Path agentJar() throws MojoExecutionException {
        try {
            return ForkClasspath.agentJar(pluginJars());
        } catch (IllegalStateException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }
}
