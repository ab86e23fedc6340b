package io.github.fabrictck.maven;

import io.github.fabrictck.launcher.Catalog;
import io.github.fabrictck.launcher.ConfigurationError;
import io.github.fabrictck.launcher.WindowSelection;
import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Passes or fails the build on {@code fabric-tck-result.json}: it fails once, listing every
 * violated window with the command that reproduces it, a missing certificate
 * ({@code fabric-tck-certificate.json}), every artifact that changed since the run, and every way
 * the build's configuration differs from the run's. A run that passes its windows but is not a
 * certification passes the build with a line that says so.
 */
@Mojo(name = "verify", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.RUNTIME,
        threadSafe = true)
public class VerifyMojo extends ConfiguredRunMojo {

    /**
     * Comma list of window ids expected to FAIL (a known-broken driver, a known bug): each must FAIL
     * in at least one variant and be an ERROR in none.
     */
    @Parameter(property = "fabric-tck.expectFail")
    private String expectFail;

    /** Reports the problems as errors in the log but does not fail the build (as Failsafe's parameter). */
    @Parameter(property = "fabric-tck.testFailureIgnore", defaultValue = "${maven.test.failure.ignore}")
    private boolean testFailureIgnore;

    @Override
    public void execute() throws MojoFailureException {
        if (skipped()) {
            return;
        }
        failOnUnknownSettings();
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
        Certification certification = Certification.of(out.resolve(ResultJson.FILE_NAME), expectFail,
                certificateProblems, catalog == null ? Map.of() : catalog);
        if (certification.passes()) {
            getLog().info(certification.message());
        } else if (testFailureIgnore) {
            certification.message().lines().forEach(getLog()::error);
            String which = propertySet("fabric-tck.testFailureIgnore", "maven.test.failure.ignore");
            getLog().warn("Fabric TCK: the build goes on because " + (which == null ? "testFailureIgnore is configured"
                    : which + " is set") + ".");
        } else {
            throw new MojoFailureException(certification.message());
        }
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
