package io.github.fabrictck.maven;

import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowInfo;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Checks a certificate without trusting the build that wrote it: hashes every artifact it names
 * as the project resolves them now (a swapped dependency jar is named), then runs exactly the
 * configuration it records (driver, windows, every setting) in a fresh fork, through the same code
 * as the {@code run} goal, and compares the verdicts. It fails naming every difference. The
 * re-run's result and certificate are written to {@code recheck/} in the output directory.
 */
@Mojo(name = "recheck", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
public class RecheckMojo extends RunMojo {

    /** The certificate to check; default: {@code fabric-tck-certificate.json} in the output directory. */
    @Parameter(property = "fabric-tck.certificate")
    private File certificate;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skipped()) {
            return;
        }
        Path file = certificate != null ? certificate.toPath() : outputDirectory.toPath().resolve(Certificate.FILE_NAME);
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
        String unwritable = Preflight.outputDirectory(out);
        if (unwritable != null) {
            throw new MojoFailureException(unwritable);
        }
        List<String> classpath = classpath();
        String noDriver = Preflight.drivers(classpath, config.driver());
        if (noDriver != null) {
            throw new MojoFailureException(noDriver);
        }
        Map<String, WindowInfo> catalog = catalogInfo();
        if (catalog == null) {
            throw new MojoExecutionException("Cannot read the catalog in Maven's JVM to recheck " + file + ".");
        }
        getLog().info("Fabric TCK recheck of " + file + ": " + claimed.driver().name() + ", windows "
                + String.join(",", claimed.selected()) + ", " + artifacts.size() + (artifacts.size() == 1 ? " artifact" : " artifacts") + " as certified.");
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
        if (claimed.jvm() != null && !claimed.jvm().equals(again.jvm())) {
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

    private static String failure(Path file, String what, List<String> details) {
        StringBuilder m = new StringBuilder("Fabric TCK recheck of ").append(file).append(" failed: ").append(what)
                .append(details.isEmpty() ? "." : ":");
        details.forEach(d -> m.append("\n  - ").append(d));
        return m.toString();
    }
}
