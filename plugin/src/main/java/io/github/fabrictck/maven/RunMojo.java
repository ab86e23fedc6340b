package io.github.fabrictck.maven;

import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.VerdictTable;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

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

    /** Comma list of window ids to run, for example {@code CQ-1,HS-2}; default: the whole catalog. */
    @Parameter(property = "fabric-tck.windows")
    private String windows;

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

    /** The {@code java} executable of the fork; default: the one running Maven. */
    @Parameter(property = "fabric-tck.jvm")
    private File jvm;

    /** Extra arguments of the forked JVM, separated by whitespace. */
    @Parameter(property = "fabric-tck.argLine")
    private String argLine;

    /** Skips the run (and, with the same property, the verify goal). */
    @Parameter(property = "fabric-tck.skip", defaultValue = "false")
    private boolean skip;

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
        if (skip) {
            getLog().info("Fabric TCK: skipped (fabric-tck.skip).");
            return;
        }
        Path out = outputDirectory.toPath();
        Path resultFile = out.resolve(ResultJson.FILE_NAME);
        List<String> command = command(out);
        getLog().debug("Fabric TCK fork: " + String.join(" ", command));

        try {
            // A result left by an earlier build must not be judged as this one's.
            Files.deleteIfExists(resultFile);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot delete the previous Fabric TCK result " + resultFile + ": " + e, e);
        }
        ForkExit exit;
        try {
            getLog().info("Fabric TCK: running the catalog in a forked JVM, results in " + out);
            Fork fork = Fork.start(command, project.getBasedir().toPath(), getLog()::info, getLog()::warn);
            exit = fork.await(Duration.ofSeconds(forkTimeoutSeconds));
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot start the Fabric TCK fork with " + command.get(0) + ": "
                    + e.getMessage() + "; check fabric-tck.jvm.", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("Interrupted while the Fabric TCK fork ran; it was killed.", e);
        }

        String failure = exit.failure();
        if (failure != null) {
            throw new MojoFailureException(failure);
        }
        String problem = exit.problem(forkTimeoutSeconds);
        if (problem != null) {
            getLog().error(problem);
        }
        if (Files.exists(resultFile)) {
            try {
                Result result = ResultJson.read(resultFile);
                VerdictTable.render(result).lines().forEach(getLog()::info);
            } catch (IOException e) {
                getLog().error(e.getMessage());
            }
            getLog().info("Fabric TCK result: " + resultFile);
        } else {
            getLog().error("The Fabric TCK fork wrote no result at " + resultFile + "; fabric-tck:verify will fail.");
        }
    }

    private List<String> command(Path out) throws MojoExecutionException {
        List<String> projectElements;
        try {
            projectElements = project.getRuntimeClasspathElements();
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("The project's runtime class path is not resolved: " + e.getMessage(), e);
        }
        Set<String> projectKeys = project.getArtifacts().stream()
                .map(a -> a.getGroupId() + ":" + a.getArtifactId()).collect(Collectors.toSet());
        List<ForkClasspath.Jar> pluginJars = pluginArtifacts.stream()
                .map(a -> new ForkClasspath.Jar(a.getGroupId(), a.getArtifactId(),
                        a.getFile() == null ? null : a.getFile().toPath()))
                .toList();
        Path agentJar;
        try {
            agentJar = ForkClasspath.agentJar(pluginJars);
        } catch (IllegalStateException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
        List<String> classpath = ForkClasspath.assemble(projectElements, projectKeys, pluginJars,
                pluginGroupId + ":" + pluginArtifactId);
        return new ForkCommand(jvm == null ? ForkCommand.currentJvm() : jvm.toPath(), argLine,
                classesDirectory.toPath(), instrumentPackages, windowTimeoutSeconds, agentJar, classpath, out,
                driver, windows, ForkCommand.reproducePrefix(pluginGroupId, pluginArtifactId, pluginVersion))
                .arguments();
    }
}
