package io.github.fabrictck.maven;

import io.github.fabrictck.launcher.RunRecord;
import io.github.fabrictck.launcher.Sharding;
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
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * Runs the race-window catalog against the project's driver in a forked JVM with the kit's agent,
 * and writes {@code fabric-tck-result.json}. Verdicts never fail this goal; {@code verify} judges
 * them. A configuration error (no driver, an unknown window id) fails it at once.
 *
 * <p>It resolves the compile and runtime scopes, {@code provided} with them: the guide's SPI dependency is
 * {@code provided} (the fork brings the kit's own copy), and the SPI check must see it when the goal runs alone
 * ({@code mvn fabric-tck:run}). The driver's class path in the fork and what the certificate binds stay the runtime
 * class path.
 */
@Mojo(name = "run", defaultPhase = LifecyclePhase.INTEGRATION_TEST,
        requiresDependencyResolution = ResolutionScope.COMPILE_PLUS_RUNTIME, threadSafe = true)
public class RunMojo extends ConfiguredRunMojo {

    /**
     * The {@code java} executable of the fork; default: the JDK of the build's toolchain (maven-toolchains-plugin),
     * else the one running Maven.
     */
    @Parameter(property = "fabric-tck.jvm")
    private File jvm;

    @Component
    private ToolchainManager toolchains;

    /** The fork's {@code java}, looked up (and the toolchain's logged) once per execution. */
    private Path forkJava;

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
        failOnUnknownSettings();
        Path out = outputDirectory.toPath();
        List<String> classpath = classpath();
        RunConfiguration config = configuration();
        failIfNotNull(Preflight.settings(config, jvm == null ? null : jvm.toPath()));
        failIfNotNull(Preflight.replay(config, project.getBasedir().toPath()));
        failIfNotNull(Sharding.problem(shard));
        failIfNotNull(Preflight.outputDirectory(out));
        failIfNotNull(Preflight.windows(windows, excludeWindows, exploring()));
        failIfNotNull(Preflight.spi(version(project.getArtifacts(), SPI), version(pluginArtifacts, SPI)));
        failIfNotNull(Preflight.compiled(classesDirectory.toPath(), sourceRoots()));
        failIfNotNull(Preflight.drivers(classpath, driver));
        failIfNotNull(ForkEnvironment.javaProblem(java()));
        List<String> environment = ForkEnvironment.problems(System.getenv());
        failIfNotNull(environment.isEmpty() ? null : String.join("\n", environment));
        Map<String, WindowInfo> catalog = catalogInfo();
        forkShard = shard == null || shard.isBlank() ? null : shard.strip();
        // what the certificate binds is taken before any driver code runs: a driver that rewrites its own jar,
        // its classes or the build's .mvn/ while it runs is named, not certified in its new form
        Bound before = bound();
        boolean attachedBefore = MavenJvm.attachedTo();
        if (MavenJvm.attachable()) {
            getLog().warn(MavenJvm.attachableWarning());
        }
        Ran ran = runCatalog(config, classpath, out, catalog);
        if (ran != null) {
            certify(out, catalog, config, ran, before, MavenJvm.attachedDuringRun(attachedBefore, MavenJvm.attachedTo()));
        }
        getLog().info("Fabric TCK result: " + out.resolve(ResultJson.FILE_NAME));
        getLog().info("Fabric TCK report: " + out.resolve(HtmlReport.FILE_NAME));
    }

    /**
     * Runs the catalog under {@code config} in a fresh fork, writes every report into {@code out} from
     * what the fork sends over its channel (the fork writes none), logs the verdict table and returns
     * the result as Maven's process received and wrote it, or {@code null} when the fork sent none. The {@code recheck} goal runs a
     * certificate's configuration through here too.
     */
    Ran runCatalog(RunConfiguration config, List<String> classpath, Path out, Map<String, WindowInfo> catalog)
            throws MojoExecutionException, MojoFailureException {
        int forkTimeout = config.forkTimeoutSeconds();
        Path base = forkWorkingDirectory != null ? forkWorkingDirectory : project.getBasedir().toPath();
        String reproducePrefix = ForkCommand.reproducePrefix(modulePath(base.toFile()), ForkCommand.reproduceGoals(
                bindsRunFreely(project, pluginGroupId + ":" + pluginArtifactId), pluginGroupId, pluginArtifactId,
                pluginVersion), changedSettings(config));
        OutputFiles files = new OutputFiles(out, catalog == null ? Map.of() : catalog, ReportFiles::write, getLog()::warn);
        try {
            // A result (or certificate) left by an earlier build must not be judged as this one's; the schedule file a
            // replay reads stays (the README's command replays target/fabric-tck/schedule-*.txt into the same directory)
            String replay = config.argLineProperties().get("fabric-tck.replay");
            files.clear(replay == null || replay.isBlank() ? null : base.resolve(replay.strip()));
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot delete the previous Fabric TCK result in " + out + ": " + e, e);
        }
        ForkExit exit;
        RunRecord record;
        boolean connected;
        List<String> command;
        Path java = java();
        try (ForkChannel channel = ForkChannel.open()) {
            record = new RunRecord(channel.endKey());
            command = new ArrayList<>(new ForkCommand(java, config.argLine(), classesDirectory.toPath(),
                    config.instrumentPackages(), config.windowTimeoutSeconds(), agentJar(),
                    ForkClasspath.kit(pluginJars(), pluginGroupId + ":" + pluginArtifactId), classpath, channel.port(),
                    forkTimeout, config.driver(), config.windows(), config.excludeWindows(), config.repeatCount(),
                    reproducePrefix).arguments());
            if (forkShard != null) {
                command.addAll(List.of("--shard", forkShard));
            }
            // where this process writes the files: a failing schedule's replay path names it (the fork writes none)
            command.addAll(List.of("--out", out.toAbsolutePath().normalize().toString()));
            getLog().debug("Fabric TCK fork: " + String.join(" ", command));
            CompletableFuture<Void> endArrived = new CompletableFuture<>(); // the run is complete: the fork gets a grace
            channel.listen(line -> {
                String said = record.accept(line);
                if (record.complete()) {
                    endArrived.complete(null);
                }
                if (said != null) {
                    if (record.violation() != null) {
                        getLog().error(said);
                    } else {
                        getLog().info(said);
                    }
                }
                files.write(record.snapshot(), record.dumps());
            }, record::cutOff, getLog()::warn);
            getLog().info("Fabric TCK: running the catalog in a forked JVM (" + command.get(0) + "), results in " + out);
            Fork fork = Fork.start(command, base, channel.handshake(), forkUnsetVariables,
                    new ForkOutput(out.resolve(ForkOutput.FILE_NAME), files::openForkOutput),
                    progressLog(getLog()::info, parallelBuild(), config.driver(), project.getArtifactId()),
                    progressLog(getLog()::warn, parallelBuild(), config.driver(), project.getArtifactId()));
            // ends every process the fork left before anything below writes the certificate
            exit = fork.await(Duration.ofSeconds(forkTimeout), endArrived, Fork.END_GRACE);
            exit.warnings().forEach(w -> getLog().warn("Fabric TCK: " + w + "."));
            if (!channel.finish(CHANNEL_DRAIN)) {
                getLog().error("Fabric TCK: the fork's last messages were not all handled within "
                        + CHANNEL_DRAIN.toSeconds() + " s of its end; the rest are ignored and the run counts as incomplete.");
            }
            connected = channel.connected();
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot start the Fabric TCK fork with " + java + ": "
                    + e.getMessage() + "; check fabric-tck.jvm.", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("Interrupted while the Fabric TCK fork ran; it was killed.", e);
        }
        ForkAftermath.Settlement settled = ForkAftermath.settle(record, connected, exit, forkTimeout, reproducePrefix);
        failIfNotNull(settled.failure());
        if (settled.problem() != null) {
            getLog().error(settled.problem());
        }
        Result result = settled.result();
        if (result == null) {
            getLog().error("The Fabric TCK fork sent no result; fabric-tck:verify will fail.");
            return null;
        }
        files.writeFinal(result, record.dumps());
        files.voidStrangers();
        files.failures().forEach(f -> getLog().error("Fabric TCK: could not write " + f
                + "; the run counts as incomplete and fabric-tck:verify will fail."));
        String unwritten = files.unwritten();
        if (unwritten != null) {
            // verify reads an older result then: it must blame the disk, not the fork
            project.setContextValue(contextKey(REPORTS_UNWRITTEN, out), unwritten);
        }
        if (result.running() != null) {
            getLog().error("Window in progress when the fork ended: " + result.running()
                    + "; every verdict reached before it is kept.");
        }
        VerdictTable.render(result).lines().forEach(getLog()::info);
        record.dumps().keySet().forEach(name -> getLog().info(name.startsWith("schedule-")
                ? "Fabric TCK failing schedule: " + out.resolve(name) + " (rerun it with -Dfabric-tck.replay=" + out.resolve(name) + ")"
                : "Fabric TCK thread dump: " + out.resolve(name)));
        return new Ran(files.finalResult(), DriverArtifact.textSha256(files.finalResultText()), command, java, exit.leftovers());
    }

    /**
     * A run as Maven's process received it: the result it wrote (from memory, never read back from the file, which
     * anyone could have changed since) and the SHA-256 of the text it wrote, the fork's command and {@code java}, and
     * the processes the driver left running, which were ended ({@link ForkExit#leftovers()}).
     */
    record Ran(Result result, String resultSha256, List<String> command, Path java, List<String> leftovers) {
    }

    /** The shard this goal's own run runs ({@code i/n}), or {@code null}: {@code recheck} runs a certificate's whole run. */
    private String forkShard;

    /**
     * The fork's working directory (and the base of a replay's schedule path), or {@code null} for the project's base
     * directory: the third-party {@code recheck} runs in the empty directory it made, not in a checkout.
     */
    Path forkWorkingDirectory;

    /**
     * Environment variables removed from the fork's environment: none for {@code run}; the third-party {@code recheck}
     * removes the JVM's option variables ({@link RecheckJvm#OPTION_VARIABLES}), which would add JVM options the
     * certificate does not record.
     */
    List<String> forkUnsetVariables = List.of();

    /** The settings that are not the default, as {@code -D} properties of a reproduce command. */
    private Map<String, String> changedSettings(RunConfiguration config) {
        Map<String, String> settings = new java.util.LinkedHashMap<>();
        if (config.repeatCount() != 1) {
            settings.put("fabric-tck.repeat", Integer.toString(config.repeatCount()));
        }
        if (config.windowTimeoutSeconds() != 60) {
            settings.put("fabric-tck.windowTimeout", Integer.toString(config.windowTimeoutSeconds()));
        }
        if (config.forkTimeoutSeconds() != 600) {
            settings.put("fabric-tck.forkTimeout", Integer.toString(config.forkTimeoutSeconds()));
        }
        if (config.instrumentPackages() != null && !config.instrumentPackages().isBlank()) {
            settings.put("fabric-tck.instrumentPackages", ForkCommand.commaList(config.instrumentPackages()));
        }
        if (jvm != null) {
            settings.put("fabric-tck.jvm", jvm.toString());
        }
        if (config.argLine() != null && !config.argLine().isBlank()) {
            settings.put("fabric-tck.argLine", config.argLine().strip());
        }
        return settings;
    }

    /** The module's source and resource directories: sources there and no classes mean the goal ran alone. */
    private List<String> sourceRoots() {
        List<String> roots = new java.util.ArrayList<>(project.getCompileSourceRoots());
        project.getResources().forEach(r -> roots.add(r.getDirectory()));
        return roots;
    }

    /** How long the channel's last lines may take once the fork's process ended. */
    private static final Duration CHANNEL_DRAIN = Duration.ofSeconds(120);

    /**
     * The key of {@code what} in the project's context for the output directory {@code out}: a module may run the kit
     * in several executions, each with its own output directory, and {@code verify} must compare each with its own.
     */
    static String contextKey(String what, Path out) {
        return what + ":" + out.toAbsolutePath().normalize();
    }

    /** The key under which {@code run} leaves, in the project's context, why it could not write every report. */
    static final String REPORTS_UNWRITTEN = "fabric-tck.reports.unwritten";

    /** The key under which {@code run} leaves, in the project's context, the SHA-256 of the certificate it wrote. */
    static final String CERTIFICATE_WRITTEN = "fabric-tck.certificate.sha256";

    /**
     * What the certificate binds, taken before the fork: every artifact that supplies driver code, the classes directory's
     * digest, whether the classes are the jar, and the build's {@code .mvn/} files; taken again after, to name a change.
     */
    record Bound(List<DriverArtifact> artifacts, SortedMap<String, String> digests, String notTheJar,
                 SortedMap<String, String> mavenConfig) {
    }

    private Bound bound() throws MojoExecutionException {
        try {
            List<DriverArtifact> artifacts = driverArtifacts();
            SortedMap<String, String> digests = new TreeMap<>();
            artifacts.forEach(a -> digests.put(a.path(), a.sha256()));
            Path classes = classesDirectory.toPath();
            if (Files.isDirectory(classes)) {
                digests.put(project.getBasedir().toPath().relativize(classes.toAbsolutePath()).toString(),
                        DriverArtifact.directorySha256(classes));
            }
            return new Bound(artifacts, digests, classesNotTheJar(), ForkEnvironment.mavenConfig(buildRoot()));
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot hash the artifacts that supply driver code: " + e.getMessage(), e);
        }
    }

    /**
     * Writes fabric-tck-certificate.json next to the result: the result as Maven's process received it, bound to
     * every artifact that supplied driver code as it was before the fork, to the configuration and to the fork's
     * process; logs whether it is a certification.
     */
    private void certify(Path out, Map<String, WindowInfo> catalog, RunConfiguration config, Ran ran, Bound before,
                         String attached) {
        if (catalog == null || catalog.isEmpty()) {
            getLog().error("Fabric TCK: no certificate written: the catalog could not be read.");
            return;
        }
        try {
            List<DriverArtifact> artifacts = before.artifacts();
            Bound after = bound();
            // what went wrong with the run itself, which verify cannot find again from the files: recorded, and failed on
            List<String> runProblems = new ArrayList<>(ForkEnvironment.changedDuringRun("the driver artifact",
                    before.digests(), after.digests()));
            runProblems.addAll(ForkEnvironment.changedDuringRun("the build's configuration file", before.mavenConfig(),
                    after.mavenConfig()));
            if (attached != null) {
                runProblems.add(attached);
            }
            List<String> problems = new ArrayList<>();
            if (before.notTheJar() != null) {
                problems.add(before.notTheJar()); // verify compares the classes with the jar again itself
            }
            problems.addAll(runProblems);
            Certificate.ForkInfo fork = new Certificate.ForkInfo(ran.java().toString(),
                    ForkEnvironment.javaSha256(ran.java()), ForkEnvironment.jvmOptions(System.getenv()),
                    agents(ran.command()), before.mavenConfig(), ran.leftovers(), MavenJvm.attachable(), runProblems);
            Certificate c = Certificate.of(ran.result(), catalog, artifacts, config.parameters(), config.effective(),
                    ran.resultSha256(), problems).withFork(fork, List.of());
            String text = CertificateDocument.text(c);
            ReportFiles.write(out.resolve(Certificate.FILE_NAME), text);
            project.setContextValue(contextKey(CERTIFICATE_WRITTEN, out), DriverArtifact.textSha256(text));
            getLog().info("Fabric TCK certificate: " + out.resolve(Certificate.FILE_NAME) + " ("
                    + artifacts.size() + (artifacts.size() == 1 ? " artifact" : " artifacts") + " bound: "
                    + artifacts.stream().map(a -> a.path() + " sha256 " + a.sha256()).collect(Collectors.joining(", "))
                    + ")");
            c.adapterLines().forEach(a -> getLog().info("Fabric TCK certificate: " + a));
            String line = "Fabric TCK: " + (c.driver() == null ? "the driver" : c.driver().name() + " "
                    + c.driver().version()) + " " + (c.certified() ? "certified" : c.standing() + " ("
                    + String.join("; ", c.reasons()) + ")") + ".";
            if (c.shard() != null) {
                getLog().info("Fabric TCK: " + (c.driver() == null ? "the driver" : c.driver().name() + " "
                        + c.driver().version()) + " shard " + c.shard().label() + (c.complete() ? " done" : " incomplete")
                        + ": merge the shards with fabric-tck:merge (a shard alone is never a certification).");
            } else if (c.certified()) {
                getLog().info(line);
            } else {
                getLog().warn(line);
            }
        } catch (IOException | MojoExecutionException e) {
            getLog().error("Fabric TCK: cannot write the certificate: " + e.getMessage());
        }
    }

    /** The {@code -javaagent} jars of the fork's command, by file name: the kit's alone when the run is sound. */
    static List<String> agents(List<String> command) {
        List<String> agents = new ArrayList<>();
        for (String arg : command) {
            if (arg.startsWith("-javaagent:") || arg.startsWith("-agentpath:") || arg.startsWith("-agentlib:")) {
                String jar = arg.substring(arg.indexOf(':') + 1);
                int options = jar.indexOf('=');
                agents.add(Path.of(options < 0 ? jar : jar.substring(0, options)).getFileName().toString());
            }
        }
        return agents;
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
    Path java() {
        if (forkJava == null) {
            forkJava = findJava();
        }
        return forkJava;
    }

    private Path findJava() {
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

    /** The driver's class path in the fork: the project's runtime class path, its classes directory first. */
    private List<ForkClasspath.Jar> pluginJars() {
        return pluginArtifacts.stream()
                .map(a -> new ForkClasspath.Jar(a.getGroupId(), a.getArtifactId(),
                        a.getFile() == null ? null : a.getFile().toPath(), a.getDependencyTrail()))
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
