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

    @Override
    public void execute() throws MojoFailureException {
        if (skip) {
            getLog().info("Fabric TCK: skipped (fabric-tck.skip).");
            return;
        }
        Certification certification = Certification.of(outputDirectory.toPath().resolve(ResultJson.FILE_NAME), expectFail);
        if (!certification.certified()) {
            throw new MojoFailureException(certification.message());
        }
        getLog().info(certification.message());
    }
}
