package io.github.fabrictck.maven;

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
        Certification certification = judgement(expectFail);
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
}
