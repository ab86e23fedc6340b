package io.github.fabrictck.maven;

import java.io.File;
import java.util.Properties;
import java.util.function.Consumer;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/** What the {@code run} and {@code verify} goals share: where the reports are, and when to skip. */
abstract class FabricTckMojo extends AbstractMojo {

    /** Where the reports are written ({@code run}) and read ({@code verify}). */
    @Parameter(property = "fabric-tck.outputDirectory", defaultValue = "${project.build.directory}/fabric-tck")
    protected File outputDirectory;

    /** Skips the run and the verification. */
    @Parameter(property = "fabric-tck.skip", defaultValue = "false")
    private boolean skip;

    /** Maven's switch for every test: skips the run and the verification too. */
    @Parameter(property = "skipTests", defaultValue = "false")
    private boolean skipTests;

    /** Failsafe's switch for the integration tests, which the kit is: skips the run and the verification too. */
    @Parameter(property = "skipITs", defaultValue = "false")
    private boolean skipITs;

    /** Maven's switch that skips compiling and running tests: skips the run and the verification too. */
    @Parameter(property = "maven.test.skip", defaultValue = "false")
    private boolean mavenTestSkip;

    /** A {@code pom}-packaged project (a parent, an aggregator) has no driver to judge, so the plugin may sit in its build. */
    @Parameter(defaultValue = "${project.packaging}", readonly = true)
    private String packaging;

    /** Where the properties the user set come from, so that messages name the one that was set. */
    @Parameter(defaultValue = "${session}", readonly = true)
    private MavenSession buildSession;

    /** Whether to skip; logs which switch said so. */
    protected boolean skipped() {
        return skipped(true);
    }

    /**
     * Whether to skip; logs which switch said so. {@code packagingCounts} is {@code false} for a goal that does not
     * judge the project it runs in (a third party's {@code recheck} runs in Maven's stub project, which is a pom).
     */
    protected boolean skipped(boolean packagingCounts) {
        String why = packagingCounts && "pom".equals(packaging) ? "pom packaging: no driver classes here"
                : skip ? "fabric-tck.skip" : skipTests ? "skipTests" : skipITs ? "skipITs"
                : mavenTestSkip ? "maven.test.skip" : null;
        if (why != null) {
            getLog().info("Fabric TCK: skipped (" + why + ").");
        }
        return why != null;
    }

    /**
     * The first of {@code names} that is set for this build (with {@code -D}, in Maven's system
     * properties or in the project's properties), or {@code null}: what a message names when the user
     * turned a switch that has several names.
     */
    protected String propertySet(String... names) {
        Properties user = buildSession == null ? new Properties() : buildSession.getUserProperties();
        Properties system = buildSession == null ? System.getProperties() : buildSession.getSystemProperties();
        Properties project = buildSession == null || buildSession.getCurrentProject() == null ? new Properties()
                : buildSession.getCurrentProject().getProperties();
        return firstSet(names, user, system, project);
    }

    /** The first of {@code names} set in any of {@code sources}, looked up in that order of names. */
    static String firstSet(String[] names, Properties... sources) {
        for (String name : names) {
            for (Properties p : sources) {
                if (p != null && p.getProperty(name) != null) {
                    return name;
                }
            }
        }
        return null;
    }

    /** The module's directory as a reproduce command names it from the root of the build (see {@link ForkCommand#modulePath}). */
    protected String modulePath(File basedir) {
        File root = buildSession == null || buildSession.getRequest() == null ? null
                : buildSession.getRequest().getMultiModuleProjectDirectory();
        if (root == null && buildSession != null && buildSession.getTopLevelProject() != null) {
            root = buildSession.getTopLevelProject().getBasedir();
        }
        return ForkCommand.modulePath(root == null ? null : root.toPath(), basedir.toPath());
    }

    /**
     * Whether the project's build runs the {@code run} goal of the plugin {@code pluginKey}
     * ({@code groupId:artifactId}) in an execution that leaves the driver and the windows to the command line.
     */
    protected static boolean bindsRunFreely(MavenProject project, String pluginKey) {
        for (Plugin plugin : project.getBuildPlugins()) {
            if (!pluginKey.equals(plugin.getKey()) || ForkCommand.pinsSelection(plugin.getConfiguration())) {
                continue;
            }
            for (PluginExecution execution : plugin.getExecutions()) {
                if (execution.getGoals().contains("run") && !ForkCommand.pinsSelection(execution.getConfiguration())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether modules build in parallel ({@code -T}): then lines of several modules interleave in the log. */
    protected boolean parallelBuild() {
        return buildSession != null && buildSession.isParallel();
    }

    /**
     * A log for the fork's progress lines: under {@code -T} each line names the module and the driver
     * chosen (the fork finds the only one when none is), since the lines of several modules interleave.
     */
    static Consumer<String> progressLog(Consumer<String> log, boolean parallel, String driver, String module) {
        if (!parallel) {
            return log;
        }
        String who = "[" + module + (driver == null || driver.isBlank() ? "" : " " + driver.strip()) + "] ";
        return line -> log.accept(who + line);
    }
}
