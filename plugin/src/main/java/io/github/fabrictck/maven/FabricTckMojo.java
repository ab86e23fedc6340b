package io.github.fabrictck.maven;

import java.io.File;
import java.util.List;
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

    /** The plugin's descriptor: every goal's parameters and their properties, which the unknown-setting check knows. */
    @Parameter(defaultValue = "${plugin}", readonly = true)
    private org.apache.maven.plugin.descriptor.PluginDescriptor plugin;

    /**
     * Fails the build, before anything runs, on a {@code fabric-tck.*} property given to Maven (command line,
     * Maven's system properties) or an element of the plugin's configuration in the POM
     * that nothing reads: a misspelled {@code -Dfabric-tck.windowz=CQ-1} would otherwise run the whole catalog.
     */
    protected void failOnUnknownSettings() throws org.apache.maven.plugin.MojoFailureException {
        if (plugin == null || buildSession == null) {
            return;
        }
        java.util.Set<String> properties = new java.util.TreeSet<>();
        java.util.Set<String> elements = new java.util.TreeSet<>();
        for (org.apache.maven.plugin.descriptor.MojoDescriptor mojo : plugin.getMojos()) {
            for (org.apache.maven.plugin.descriptor.Parameter p : mojo.getParameters() == null
                    ? List.<org.apache.maven.plugin.descriptor.Parameter>of() : mojo.getParameters()) {
                elements.add(p.getName());
                if (p.getAlias() != null) {
                    elements.add(p.getAlias());
                }
                String expression = p.getExpression();
                if (expression != null && expression.startsWith("${") && expression.endsWith("}")) {
                    properties.add(expression.substring(2, expression.length() - 1));
                }
            }
        }
        // the command line's -D and Maven's own JVM's properties; not the POM's <properties>, where a build may keep
        // properties of its own under the prefix (the guide's <fabric-tck.version>)
        java.util.Set<String> given = new java.util.TreeSet<>();
        MavenProject project = buildSession.getCurrentProject();
        for (Properties p : List.of(buildSession.getUserProperties(), buildSession.getSystemProperties())) {
            given.addAll(p.stringPropertyNames());
        }
        List<String> problems = UnknownSettings.problems(given, configurationElements(project),
                UnknownSettings.knownProperties(properties), elements);
        if (!problems.isEmpty()) {
            throw new org.apache.maven.plugin.MojoFailureException(String.join("\n", problems));
        }
    }

    /** The element names of this plugin's configuration in the project's POM, the plugin's and its executions'. */
    private List<String> configurationElements(MavenProject project) {
        List<String> names = new java.util.ArrayList<>();
        if (project == null) {
            return names;
        }
        for (Plugin p : project.getBuildPlugins()) {
            if (!p.getKey().equals(plugin.getPluginLookupKey())) {
                continue;
            }
            List<Object> configurations = new java.util.ArrayList<>();
            configurations.add(p.getConfiguration());
            p.getExecutions().forEach(e -> configurations.add(e.getConfiguration()));
            for (Object c : configurations) {
                if (c != null) {
                    names.addAll(topElements(c.toString()));
                }
            }
        }
        return names;
    }

    /** The names of the child elements of the XML document's root ({@code <configuration>} as Maven's model prints it). */
    static List<String> topElements(String xml) {
        List<String> names = new java.util.ArrayList<>();
        try {
            javax.xml.parsers.DocumentBuilderFactory factory = javax.xml.parsers.DocumentBuilderFactory.newInstance();
            factory.setFeature(javax.xml.XMLConstants.FEATURE_SECURE_PROCESSING, true);
            org.w3c.dom.Node root = factory.newDocumentBuilder()
                    .parse(new org.xml.sax.InputSource(new java.io.StringReader(xml))).getDocumentElement();
            for (org.w3c.dom.Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n.getNodeType() == org.w3c.dom.Node.ELEMENT_NODE) {
                    names.add(n.getNodeName());
                }
            }
        } catch (javax.xml.parsers.ParserConfigurationException | org.xml.sax.SAXException | java.io.IOException e) {
            // not XML: Maven itself would have refused the POM
        }
        return names;
    }

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
