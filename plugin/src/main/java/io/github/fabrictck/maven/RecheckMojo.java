package io.github.fabrictck.maven;

import io.github.fabrictck.launcher.Catalog;
import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowInfo;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;

/**
 * Checks a certificate without trusting the build that wrote it: hashes every artifact it names
 * as the project resolves them now (a swapped dependency jar is named), then runs exactly the
 * configuration it records (driver, windows, every setting) in a fresh fork, through the same code
 * as the {@code run} goal, and compares the verdicts. It fails naming every difference. The
 * re-run's result and certificate are written to {@code recheck/} in the output directory.
 *
 * <p>Run where there is no {@code pom.xml} (or with {@code -Dfabric-tck.thirdParty=true}) it checks the certificate as a
 * third party, a buyer checking a vendor's certificate, with nothing of the vendor's checkout: in a new empty directory
 * ({@link RecheckDirectory}) it obtains every artifact the certificate binds (resolved by coordinates, or from
 * {@code -Dfabric-tck.artifacts}), refuses any whose SHA-256 is not the certified one, forks a JVM of the certificate's
 * feature version ({@link RecheckJvm}) with exactly those jars, without the JVM option variables of the environment,
 * and compares the verdicts. The project's properties, its output directory and the {@code fabric-tck.*} settings
 * given to Maven play no part: the certificate's configuration is what runs.
 */
@Mojo(name = "recheck", requiresProject = false, requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
public class RecheckMojo extends RunMojo {

    /**
     * The certificate to check; default: {@code fabric-tck-certificate.json} in the output directory. A third party
     * must give it.
     */
    @Parameter(property = "fabric-tck.certificate")
    private File certificate;

    /**
     * Checks the certificate as a third party even inside a project: its artifacts obtained by coordinates (or from
     * {@code fabric-tck.artifacts}), the run in a new empty directory. Without a {@code pom.xml} this is always so.
     */
    @Parameter(property = "fabric-tck.thirdParty", defaultValue = "false")
    private boolean thirdParty;

    /**
     * A third party's recheck directory, which must not exist or be empty; default:
     * {@code fabric-tck-recheck/<the first 12 hex digits of the certificate's SHA-256>} in the current directory. The
     * certificate's artifacts are copied to its {@code artifacts/}, the re-run's result and certificate are written
     * to its {@code fabric-tck/}.
     */
    @Parameter(property = "fabric-tck.recheckDirectory")
    private File recheckDirectory;

    /**
     * A third party's comma list of directories holding the jars the certificate binds, looked up by the file names it
     * records (the vendor's delivery); default: each jar resolved by its coordinates from the repositories of Maven's
     * settings. Needed for a certificate that names its module without a version.
     */
    @Parameter(property = "fabric-tck.artifacts")
    private String artifactDirectories;

    @Component
    private RepositorySystem repositorySystem;

    /** The properties a third party's recheck reads; any other {@code fabric-tck.*} given to Maven is ignored there. */
    private static final Set<String> THIRD_PARTY_PROPERTIES = Set.of("fabric-tck.certificate", "fabric-tck.thirdParty",
            "fabric-tck.recheckDirectory", "fabric-tck.artifacts", "fabric-tck.jvm", "fabric-tck.skip");

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        boolean asThirdParty = thirdParty || standalone(project);
        if (skipped(!asThirdParty)) {
            return;
        }
        if (asThirdParty && certificate == null) {
            throw new MojoFailureException("Fabric TCK recheck as a third party needs the certificate: give it with "
                    + "-Dfabric-tck.certificate=FILE.");
        }
        Path file = certificate != null ? certificate.toPath().toAbsolutePath()
                : outputDirectory.toPath().resolve(Certificate.FILE_NAME);
        Certificate claimed;
        try {
            claimed = CertificateDocument.read(file);
        } catch (IOException e) {
            throw new MojoFailureException(e.getMessage() + " Give the certificate to check with -Dfabric-tck.certificate=FILE.");
        }
        RunConfiguration config = RunConfiguration.of(claimed);
        String badSetting = Preflight.settings(config, null);
        if (badSetting != null) {
            throw new MojoFailureException("The certificate " + file + " records a setting out of range: " + badSetting);
        }
        if (asThirdParty) {
            recheckAsThirdParty(file, claimed, config);
            return;
        }
        List<DriverArtifact> artifacts;
        try {
            artifacts = artifactsNow(claimed);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot hash the artifacts the certificate names: " + e.getMessage(), e);
        }
        // the certificate's own sentences tell a vendor to run again; here they name what differs
        List<String> changed = claimed.artifactProblems(artifacts).stream()
                .map(p -> p.replace(": run fabric-tck:run again.", ".")).toList();
        if (!changed.isEmpty()) {
            throw new MojoFailureException(failure(file, "its artifacts are not the ones it certifies", changed));
        }

        Path out = outputDirectory.toPath().resolve("recheck");
        List<String> classpath = classpath();
        Map<String, WindowInfo> catalog = preflight(file, out, classpath, config, exploring());
        getLog().info("Fabric TCK recheck of " + file + ": " + claimed.driver().name() + ", windows "
                + String.join(",", claimed.selected()) + ", " + artifacts.size() + (artifacts.size() == 1 ? " artifact" : " artifacts") + " as certified.");
        rerun(file, claimed, config, classpath, artifacts, out, catalog, true);
    }

    /**
     * The third party's recheck: a new empty directory, the certificate's artifacts obtained and checked there, a JVM
     * of its feature version, and the run of its configuration with exactly those jars.
     */
    private void recheckAsThirdParty(Path file, Certificate claimed, RunConfiguration config)
            throws MojoExecutionException, MojoFailureException {
        if (MavenJvm.attachable()) {
            // the vendor's code runs on the buyer's machine as the buyer: it must not reach the JVM that judges it
            throw new MojoFailureException("A third party's recheck runs the vendor's code on this machine, and this "
                    + "Maven's JVM accepts the attach mechanism, so that code could load an agent into the process that "
                    + "judges it: start Maven with " + MavenJvm.DISABLE_ATTACH + " (MAVEN_OPTS=" + MavenJvm.DISABLE_ATTACH
                    + " mvn ...:recheck ...), and run the recheck as a user, or in a container, that holds nothing else.");
        }
        Path dir;
        try {
            dir = recheckDirectory != null ? recheckDirectory.toPath().toAbsolutePath().normalize()
                    : RecheckDirectory.defaultFor(workingDirectory(), DriverArtifact.fileSha256(file));
            String refused = RecheckDirectory.problem(dir);
            if (refused != null) {
                throw new MojoFailureException(refused);
            }
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot make the recheck directory: " + e.getMessage(), e);
        }
        List<String> ignored = mavenProperties().keySet().stream().filter(p -> !THIRD_PARTY_PROPERTIES.contains(p)).toList();
        if (!ignored.isEmpty()) {
            getLog().warn("Fabric TCK recheck: " + String.join(", ", ignored) + " ignored: a third party's recheck runs "
                    + "the certificate's configuration.");
        }
        Path java = java();
        Result.JvmInfo jvmNow;
        try {
            jvmNow = RecheckJvm.of(java);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot ask " + java + " for its version: " + e.getMessage()
                    + "; check -Dfabric-tck.jvm.", e);
        }
        String otherJvm = RecheckJvm.refusal(claimed.jvm(), jvmNow, java);
        if (otherJvm != null) {
            throw new MojoFailureException(failure(file, "this JVM cannot reproduce it", List.of(otherJvm)));
        }
        String jvmWarning = RecheckJvm.warning(claimed.jvm(), jvmNow);
        if (jvmWarning != null) {
            getLog().warn(jvmWarning);
        }
        ThirdPartyArtifacts.Obtained obtained;
        try {
            obtained = ThirdPartyArtifacts.obtain(claimed.artifacts(), artifactDirectories == null
                    || artifactDirectories.isBlank() ? resolved() : ThirdPartyArtifacts.inDirectories(
                    ForkCommand.items(artifactDirectories).stream().map(d -> workingDirectory().resolve(d).normalize()).toList()), dir);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot copy the certificate's artifacts into " + dir + ": " + e.getMessage(), e);
        }
        if (!obtained.problems().isEmpty()) {
            throw new MojoFailureException(failure(file, "its artifacts are not the ones it certifies", obtained.problems()));
        }
        Path moduleJar = obtained.moduleJar();
        if (moduleJar == null) {
            throw new MojoFailureException(failure(file, "it binds no module artifact, so nothing says which classes the "
                    + "agent instruments", List.of()));
        }
        // the agent instruments the classes loaded from this location, a jar as well as a directory
        classesDirectory = moduleJar.toFile();
        forkWorkingDirectory = dir;
        forkUnsetVariables = RecheckJvm.OPTION_VARIABLES;
        List<String> classpath = obtained.classpath().stream().map(Path::toString).toList();
        Path out = dir.resolve(RecheckDirectory.REPORTS);
        Map<String, WindowInfo> catalog = preflight(file, out, classpath, config, Catalog.explores(config.effective()));
        getLog().info("Fabric TCK recheck of " + file + " as a third party in " + dir + ": " + claimed.driver().name()
                + ", windows " + String.join(",", claimed.selected()) + ", " + obtained.artifacts().size()
                + (obtained.artifacts().size() == 1 ? " artifact" : " artifacts") + " with the certified sha256, Java "
                + jvmNow.version() + " (" + jvmNow.vendor() + ").");
        rerun(file, claimed, config, classpath, obtained.artifacts(), out, catalog, false);
    }

    /**
     * What both rechecks check before the fork: {@code out} writable, the driver on {@code classpath}; returns the
     * catalog (with the {@code -X} windows when {@code exploring}).
     */
    private Map<String, WindowInfo> preflight(Path file, Path out, List<String> classpath, RunConfiguration config,
                                              boolean exploring) throws MojoExecutionException, MojoFailureException {
        for (String problem : new String[] {Preflight.outputDirectory(out), Preflight.drivers(classpath, config.driver())}) {
            if (problem != null) {
                throw new MojoFailureException(problem);
            }
        }
        Map<String, WindowInfo> catalog = catalogInfo(exploring);
        if (catalog == null) {
            throw new MojoExecutionException("Cannot read the catalog in Maven's JVM to recheck " + file + ".");
        }
        return catalog;
    }

    /** Runs {@code config} in a fresh fork, writes the re-run's certificate in {@code out} and compares it with {@code claimed}. */
    private void rerun(Path file, Certificate claimed, RunConfiguration config, List<String> classpath,
                       List<DriverArtifact> artifacts, Path out, Map<String, WindowInfo> catalog, boolean warnJvm)
            throws MojoExecutionException, MojoFailureException {
        if (claimed.fork() != null && claimed.fork().problem() != null) {
            // nothing a re-run could show makes up for a run whose kit was not alone in its JVM
            throw new MojoFailureException(failure(file, "it records " + claimed.fork().problem(), List.of()));
        }
        Ran ran = runCatalog(config, classpath, out, catalog);
        Result result = ran == null ? null : ran.result();
        if (result == null) {
            throw new MojoFailureException(failure(file, "the re-run wrote no result", List.of()));
        }
        Certificate again;
        try {
            again = Certificate.of(result, catalog, artifacts, config.parameters(), config.effective(),
                    ran.resultSha256());
            ReportFiles.write(out.resolve(Certificate.FILE_NAME), CertificateDocument.text(again));
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write the recheck's certificate in " + out + ": " + e.getMessage(), e);
        }
        if (warnJvm && claimed.jvm() != null && !claimed.jvm().equals(again.jvm())) {
            getLog().warn("Fabric TCK recheck: the certificate's JVM was " + claimed.jvm().version() + " ("
                    + claimed.jvm().vendor() + "), this one is " + again.jvm().version() + " (" + again.jvm().vendor() + ").");
        }
        List<String> differences = new ArrayList<>(claimed.differences(again));
        if (!differences.isEmpty()) {
            throw new MojoFailureException(failure(file, "the re-run does not reproduce it", differences));
        }
        getLog().info("Fabric TCK recheck: " + file + " reproduced: " + claimed.driver().name() + " "
                + claimed.driver().version() + ", " + again.verdicts().size() + (again.verdicts().size() == 1 ? " verdict" : " verdicts") + " the same, "
                + again.artifacts().size() + (again.artifacts().size() == 1 ? " artifact" : " artifacts") + " with the certified sha256; " + again.standing() + ".");
    }

    /** Whether Maven runs without a project: its stub ({@code org.apache.maven:standalone-pom}), which has no file. */
    static boolean standalone(MavenProject project) {
        return project == null || project.getFile() == null
               || "org.apache.maven".equals(project.getGroupId()) && "standalone-pom".equals(project.getArtifactId());
    }

    /** The directory Maven was started in. */
    private Path workingDirectory() {
        String root = session == null ? null : session.getExecutionRootDirectory();
        return Path.of(root != null ? root : System.getProperty("user.dir")).toAbsolutePath().normalize();
    }

    /** Each artifact resolved by its coordinates from the repositories of Maven's settings (the local one first). */
    private ThirdPartyArtifacts.Source resolved() {
        return a -> {
            ThirdPartyArtifacts.Coordinates c = ThirdPartyArtifacts.coordinates(a);
            if (c == null) {
                return ThirdPartyArtifacts.Found.not("The certificate names " + ThirdPartyArtifacts.describe(a)
                        .replaceFirst("^The ", "the ") + " without a version (an older certificate), so it cannot be "
                        + "resolved: give the directory of " + a.fileName() + " with -Dfabric-tck.artifacts=DIR.");
            }
            try {
                File f = repositorySystem.resolveArtifact(session.getRepositorySession(), new ArtifactRequest(
                        new DefaultArtifact(c.groupId(), c.artifactId(), c.classifier(), "jar", c.version()),
                        project.getRemoteProjectRepositories(), null)).getArtifact().getFile();
                return ThirdPartyArtifacts.Found.at(f.toPath(), f.toString());
            } catch (ArtifactResolutionException | RuntimeException e) {
                String why = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
                return ThirdPartyArtifacts.Found.not(ThirdPartyArtifacts.describe(a) + " cannot be resolved (" + why
                        + "): give its directory with -Dfabric-tck.artifacts=DIR.");
            }
        };
    }

    private static String failure(Path file, String what, List<String> details) {
        StringBuilder m = new StringBuilder("Fabric TCK recheck of ").append(file).append(" failed: ").append(what)
                .append(details.isEmpty() ? "." : ":");
        details.forEach(d -> m.append("\n  - ").append(d));
        return m.toString();
    }
}
