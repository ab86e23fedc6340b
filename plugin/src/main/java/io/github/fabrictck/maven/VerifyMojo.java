package io.github.fabrictck.maven;

import io.github.fabrictck.report.ResultJson;
import java.io.File;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Passes or fails the build on {@code fabric-tck-result.json}: it fails once, listing every
 * violated window with the command that reproduces it.
 */
@Mojo(name = "verify", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class VerifyMojo extends AbstractMojo {

    /** Where the {@code run} goal wrote the result files. */
    @Parameter(property = "fabric-tck.outputDirectory", defaultValue = "${project.build.directory}/fabric-tck")
    private File outputDirectory;

    /**
     * Comma list of window ids expected to FAIL (a known-broken driver, a known bug): each must FAIL
     * in at least one variant and be an ERROR in none.
     */
    @Parameter(property = "fabric-tck.expectFail")
    private String expectFail;

    /** Skips the verification (and, with the same property, the run goal). */
    @Parameter(property = "fabric-tck.skip", defaultValue = "false")
    private boolean skip;

    /** Maven's switch for every test: skips the verification too. */
    @Parameter(property = "skipTests", defaultValue = "false")
    private boolean skipTests;

    /** Maven's switch that skips compiling and running tests: skips the verification too. */
    @Parameter(property = "maven.test.skip", defaultValue = "false")
    private boolean mavenTestSkip;

    /** Reports the problems as errors in the log but does not fail the build (as Failsafe's parameter). */
    @Parameter(property = "fabric-tck.testFailureIgnore", defaultValue = "${maven.test.failure.ignore}")
    private boolean testFailureIgnore;

    @Override
    public void execute() throws MojoFailureException {
        String skipped = skip ? "fabric-tck.skip" : skipTests ? "skipTests" : mavenTestSkip ? "maven.test.skip" : null;
        if (skipped != null) {
            getLog().info("Fabric TCK: skipped (" + skipped + ").");
            return;
        }
        Certification certification = Certification.of(outputDirectory.toPath().resolve(ResultJson.FILE_NAME), expectFail);
        if (certification.certified()) {
            getLog().info(certification.message());
        } else if (testFailureIgnore) {
            certification.message().lines().forEach(getLog()::error);
            getLog().warn("Fabric TCK: the build goes on because fabric-tck.testFailureIgnore is set.");
        } else {
            throw new MojoFailureException(certification.message());
        }
    }
}
