package io.github.fabrictck.maven;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Runs every row of a matrix table ({@code src/test/fabric-tck/matrix.txt}: a driver, the windows it runs, and
 * whether it must PASS or FAIL them) as {@code run} then {@code verify} would, each driver in a fork of its own with
 * its reports in a directory of its own, and fails once, listing every row that did not show what the table expects.
 * A row that cannot run is a problem of that row: the other rows still run and their reports are written.
 *
 * <p>It is how a module proves its kill matrix (each known-broken driver FAILs its window, each compliant twin
 * passes) in one execution and one file: a driver added to the module is a line in the table, not a copy of an
 * execution. {@code -Dfabric-tck.driver=NAME} runs that driver's row alone.
 */
@Mojo(name = "matrix", defaultPhase = LifecyclePhase.INTEGRATION_TEST,
        requiresDependencyResolution = ResolutionScope.COMPILE_PLUS_RUNTIME, threadSafe = true)
public class MatrixMojo extends RunMojo {

    /**
     * The table: one line per driver, {@code driver windows PASS} or {@code driver windows FAIL [ids]}; {@code *}
     * as the windows is the whole catalog. See the site's plugin page, "A matrix of drivers".
     */
    @Parameter(property = "fabric-tck.matrix", defaultValue = "${project.basedir}/" + Matrix.DEFAULT_FILE)
    private File matrix;

    /** Where the rows' reports go: a directory named after each row's driver. */
    @Parameter(property = "fabric-tck.matrixDirectory", defaultValue = "${project.build.directory}/fabric-tck-matrix")
    private File matrixDirectory;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skipped()) {
            return;
        }
        failOnUnknownSettings();
        Matrix table;
        try {
            table = Matrix.read(matrix.toPath());
        } catch (IOException e) {
            throw new MojoFailureException(e.getMessage());
        }
        // only the command line's -Dfabric-tck.driver picks a row: a POM's <fabric-tck.driver> names the module's
        // own driver for its run execution
        String given = session == null ? null : session.getUserProperties().getProperty("fabric-tck.driver");
        String only = given == null || given.isBlank() ? null : given.strip();
        List<Matrix.Row> rows = table.rows().stream().filter(r -> only == null || r.driver().equals(only)).toList();
        if (rows.isEmpty()) {
            throw new MojoFailureException("No row of the Fabric TCK matrix " + matrix + " names driver " + only
                    + " (-Dfabric-tck.driver); its drivers: " + String.join(", ",
                    table.rows().stream().map(Matrix.Row::driver).toList()) + ".");
        }
        List<String> problems = new ArrayList<>();
        List<String> summary = new ArrayList<>();
        for (Matrix.Row row : rows) {
            getLog().info("Fabric TCK matrix, line " + row.line() + ": " + row.describe());
            driver = row.driver();
            windows = row.windows();
            outputDirectory = new File(matrixDirectory, row.driver());
            String outcome;
            try {
                super.execute();
                Certification judged = judgement(row.expectFail());
                outcome = judged.passes() ? "as expected" : "NOT as expected";
                if (!judged.passes()) {
                    problems.add("line " + row.line() + " (" + row.describe() + "): "
                            + judged.message().replace("\n  - ", "\n      - "));
                }
            } catch (MojoExecutionException | MojoFailureException e) {
                outcome = "could not run";
                problems.add("line " + row.line() + " (" + row.describe() + ") could not run: " + e.getMessage());
            }
            summary.add(String.format("%-40s %-28s %s", row.driver(), row.windows() == null ? "*" : row.windows(),
                    (row.expectFail() == null ? "PASS" : "FAIL " + row.expectFail()) + ": " + outcome));
        }
        getLog().info("Fabric TCK matrix " + matrix + " (" + rows.size() + (rows.size() == 1 ? " row" : " rows")
                + ", reports in " + matrixDirectory + "):");
        summary.forEach(getLog()::info);
        if (!problems.isEmpty()) {
            throw new MojoFailureException("Fabric TCK matrix: " + problems.size() + " of " + rows.size()
                    + (rows.size() == 1 ? " row does" : " rows do") + " not show what " + matrix + " expects:\n  - "
                    + String.join("\n  - ", problems));
        }
    }
}
