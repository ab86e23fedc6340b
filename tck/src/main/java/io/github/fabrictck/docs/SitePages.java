package io.github.fabrictck.docs;

import io.github.fabrictck.launcher.Catalog;
import io.github.fabrictck.report.CatalogPage;
import io.github.fabrictck.report.HtmlReport;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.SummaryMarkdown;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Generates the pages of the documentation site that must not be written by hand: the race-window
 * catalog, from {@link Catalog#info()}, the settings, from {@link io.github.fabrictck.report.Settings}, and the page
 * of the sample driver's real report.
 *
 * <pre>
 * java io.github.fabrictck.docs.SitePages MARKDOWN_DIR SAMPLE_REPORT_DIR SITE_OUTPUT_DIR
 * </pre>
 *
 * writes {@code MARKDOWN_DIR/catalog.md}, {@code MARKDOWN_DIR/settings.md} and {@code MARKDOWN_DIR/sample-report.md}, and copies
 * {@code SAMPLE_REPORT_DIR/report.html} to {@code SITE_OUTPUT_DIR/sample-report/report.html} when it
 * exists; when it does not, the page says so and how to make it.
 */
public final class SitePages {

    /** Where the sample report goes in the site. */
    static final String SAMPLE_REPORT_PATH = "sample-report/" + HtmlReport.FILE_NAME;

    private SitePages() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: SitePages MARKDOWN_DIR SAMPLE_REPORT_DIR SITE_OUTPUT_DIR");
            System.exit(2);
        }
        String message = generate(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]));
        System.out.println(message);
    }

    /** Writes the pages; returns a line for the build log. */
    static String generate(Path markdownDirectory, Path sampleReportDirectory, Path siteOutputDirectory)
            throws IOException {
        Files.createDirectories(markdownDirectory);
        Files.writeString(markdownDirectory.resolve("catalog.md"), CatalogPage.render(Catalog.discover().info().values()),
                StandardCharsets.UTF_8);
        Files.writeString(markdownDirectory.resolve("settings.md"), SettingsPage.render(), StandardCharsets.UTF_8);

        Path report = sampleReportDirectory.toAbsolutePath().normalize().resolve(HtmlReport.FILE_NAME);
        Path copy = siteOutputDirectory.resolve(SAMPLE_REPORT_PATH);
        String page;
        String message;
        if (Files.isRegularFile(report)) {
            Files.createDirectories(copy.getParent());
            Files.copy(report, copy, StandardCopyOption.REPLACE_EXISTING);
            page = samplePage(report, readResult(sampleReportDirectory.resolve(ResultJson.FILE_NAME)));
            message = "Fabric TCK site: catalog page generated; sample report copied from " + report;
        } else {
            Files.deleteIfExists(copy);
            page = absentPage(report);
            message = "Fabric TCK site: catalog page generated; NO sample report at " + report
                      + " (run ./mvnw -B verify first); the site says so.";
        }
        Files.writeString(markdownDirectory.resolve("sample-report.md"), page, StandardCharsets.UTF_8);
        return message;
    }

    static String samplePage(Path report, Result result) {
        StringBuilder md = new StringBuilder("# The sample driver's report\n\n")
                .append("This is the real `report.html` of the last run of the kit in the `sample-driver` module, copied ")
                .append("when this site was built from `sample-driver/target/fabric-tck/report.html`.\n\n")
                .append("**[Open the report](").append(SAMPLE_REPORT_PATH).append(")**: the verdict table, and for every ")
                .append("window its interleaving as a timeline, its evidence and the command that reproduces it.\n\n");
        if (result != null) {
            md.append("Its verdicts, from the result file next to it:\n\n");
            // The summary's own heading level 2 fits under this page's title.
            md.append(SummaryMarkdown.render(result, java.util.Set.of(), Catalog.discover().info()));
        }
        return md.toString();
    }

    static String absentPage(Path report) {
        return "# The sample driver's report\n\n"
               + "**No report of the sample driver was found when this site was built** (looked for `"
               + report.toString().replace('\\', '/').replace("`", "'") + "`).\n\n"
               + "Build the sample module first, then the site again:\n\n"
               + "```sh\n./mvnw -B verify\n./mvnw -B site -pl site\n```\n";
    }

    private static Result readResult(Path file) {
        try {
            return Files.isRegularFile(file) ? ResultJson.read(file) : null;
        } catch (IOException unreadable) {
            return null;
        }
    }
}
