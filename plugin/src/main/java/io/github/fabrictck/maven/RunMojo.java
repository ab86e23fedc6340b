package io.github.fabrictck.maven;

import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.VerdictTable;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.AbstractMojo;
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
public class RunMojo extends AbstractMojo {

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

    /** Where the result files are written. */
    @Parameter(property = "fabric-tck.outputDirectory", defaultValue = "${project.build.directory}/fabric-tck")
    private File outputDirectory;

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

    /** Skips the run (and, with the same property, the verify goal). */
    @Parameter(property = "fabric-tck.skip", defaultValue = "false")
    private boolean skip;

    /** Maven's switch for every test: skips the run and the verification too. */
    @Parameter(property = "skipTests", defaultValue = "false")
    private boolean skipTests;

    /** Maven's switch that skips compiling and running tests: skips the run and the verification too. */
    @Parameter(property = "maven.test.skip", defaultValue = "false")
    private boolean mavenTestSkip;

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
        String skipped = skip ? "fabric-tck.skip" : skipTests ? "skipTests" : mavenTestSkip ? "maven.test.skip" : null;
        if (skipped != null) {
            getLog().info("Fabric TCK: skipped (" + skipped + ").");
            return;
        }
        Path out = outputDirectory.toPath();
        Path resultFile = out.resolve(ResultJson.FILE_NAME);
        List<String> classpath = classpath();
        failIfNotNull(Preflight.outputDirectory(out));
        failIfNotNull(Preflight.windows(windows, excludeWindows));
        failIfNotNull(Preflight.spi(version(project.getArtifacts(), SPI), version(pluginArtifacts, SPI)));
        failIfNotNull(Preflight.drivers(classpath, driver));
        if (repeat < 1) {
            throw new MojoFailureException("fabric-tck.repeat is " + repeat + ": it must be 1 or more.");
        }
        String reproducePrefix = ForkCommand.reproducePrefix(pluginGroupId, pluginArtifactId, pluginVersion);
        List<String> command = new ForkCommand(java(), argLine, classesDirectory.toPath(), instrumentPackages,
                windowTimeoutSeconds, agentJar(), classpath, out, driver, windows, excludeWindows, repeat, reproducePrefix)
                .arguments();
        getLog().debug("Fabric TCK fork: " + String.join(" ", command));
        try {
            // A result left by an earlier build must not be judged as this one's.
            Files.deleteIfExists(resultFile);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot delete the previous Fabric TCK result " + resultFile + ": " + e, e);
        }
        ForkExit exit;
        try {
            getLog().info("Fabric TCK: running the catalog in a forked JVM (" + command.get(0) + "), results in " + out);
            Fork fork = Fork.start(command, project.getBasedir().toPath(), getLog()::info, getLog()::warn);
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
        try {
            Result result = ResultJson.read(resultFile);
            if (problem != null) {
                result = ForkAftermath.interrupted(result, problem.replaceAll("\\.$", ""), reproducePrefix);
                ReportFiles.writeAll(result, out);
                if (result.running() != null) {
                    getLog().error("Window in progress when the fork ended: " + result.running()
                            + "; every verdict reached before it is kept.");
                }
            }
            VerdictTable.render(result).lines().forEach(getLog()::info);
        } catch (IOException e) {
            getLog().error(e.getMessage());
        }
        getLog().info("Fabric TCK result: " + resultFile);
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
