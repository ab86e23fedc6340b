package io.github.fabrictck.maven;

import io.github.fabrictck.report.HtmlReport;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.reporting.AbstractMavenReport;
import org.apache.maven.reporting.MavenReportException;

/**
 * The Fabric TCK page of the project's site ({@code mvn site}, or {@code mvn verify site}): the
 * verdict table of {@code fabric-tck-result.json} with each window's reason and reproduce command,
 * and {@code report.html} next to it.
 */
@Mojo(name = "report", defaultPhase = LifecyclePhase.SITE, threadSafe = true)
public class ReportMojo extends AbstractMavenReport {

    /** Where the run goal wrote its reports. */
    @Parameter(property = "fabric-tck.outputDirectory", defaultValue = "${project.build.directory}/fabric-tck")
    private File resultDirectory;

    @Override
    public String getOutputName() {
        return SiteReport.OUTPUT_NAME;
    }

    @Override
    public String getName(Locale locale) {
        return "Fabric TCK";
    }

    @Override
    public String getDescription(Locale locale) {
        return "The verdicts of the Fabric TCK race-window catalog on this driver.";
    }

    @Override
    protected void executeReport(Locale locale) throws MavenReportException {
        Path html = resultDirectory.toPath().resolve(HtmlReport.FILE_NAME);
        boolean copied = false;
        if (Files.isRegularFile(html)) {
            Path copy = getReportOutputDirectory().toPath().resolve(SiteReport.OUTPUT_NAME).resolve(HtmlReport.FILE_NAME);
            try {
                Files.createDirectories(copy.getParent());
                Files.copy(html, copy, StandardCopyOption.REPLACE_EXISTING);
                copied = true;
            } catch (IOException e) {
                getLog().warn("Fabric TCK: cannot copy " + html + " into the site: " + e);
            }
        }
        SiteReport report = SiteReport.read(resultDirectory.toPath(), copied);
        if (report.problem() != null) {
            getLog().warn(report.problem());
        }
        report.render(getSink());
    }
}
