package io.github.fabrictck.maven;

import java.io.File;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugins.annotations.Parameter;

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

    /** Maven's switch that skips compiling and running tests: skips the run and the verification too. */
    @Parameter(property = "maven.test.skip", defaultValue = "false")
    private boolean mavenTestSkip;

    /** Whether to skip; logs which switch said so. */
    protected boolean skipped() {
        String why = skip ? "fabric-tck.skip" : skipTests ? "skipTests" : mavenTestSkip ? "maven.test.skip" : null;
        if (why != null) {
            getLog().info("Fabric TCK: skipped (" + why + ").");
        }
        return why != null;
    }
}
