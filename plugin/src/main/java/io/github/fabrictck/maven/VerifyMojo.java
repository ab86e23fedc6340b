package io.github.fabrictck.maven;

import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.ResultJson;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Passes or fails the build on {@code fabric-tck-result.json}: it fails once, listing every
 * violated window with the command that reproduces it, and, when the run left a certificate
 * ({@code fabric-tck-certificate.json}), whether the driver artifact changed since the run.
 */
@Mojo(name = "verify", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class VerifyMojo extends FabricTckMojo {

    /**
     * Comma list of window ids expected to FAIL (a known-broken driver, a known bug): each must FAIL
     * in at least one variant and be an ERROR in none.
     */
    @Parameter(property = "fabric-tck.expectFail")
    private String expectFail;

    /** Reports the problems as errors in the log but does not fail the build (as Failsafe's parameter). */
    @Parameter(property = "fabric-tck.testFailureIgnore", defaultValue = "${maven.test.failure.ignore}")
    private boolean testFailureIgnore;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Override
    public void execute() throws MojoFailureException {
        if (skipped()) {
            return;
        }
        Path out = outputDirectory.toPath();
        File mainArtifact = project.getArtifact() == null ? null : project.getArtifact().getFile();
        List<String> certificateProblems = Certificate.check(out, mainArtifact == null ? null : mainArtifact.toPath(),
                project.getBasedir().toPath());
        Certification certification = Certification.of(out.resolve(ResultJson.FILE_NAME), expectFail, certificateProblems);
        if (certification.certified()) {
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
}
