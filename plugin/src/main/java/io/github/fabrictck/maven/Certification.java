package io.github.fabrictck.maven;

import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.Verification;
import io.github.fabrictck.report.WindowInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code verify} goal's decision on a result file: the build passes, with the line to log
 * (which says whether the run is a certification or only "passed N of the selected windows — not a
 * certification"), or fails, with the one message that lists every problem.
 *
 * @param passes  whether the build passes
 * @param message the line to log, or the message to fail with
 */
record Certification(boolean passes, String message) {

    static Certification of(Path resultFile, String expectFail) {
        return of(resultFile, expectFail, List.of(), Map.of());
    }

    /**
     * The decision, with the problems of the run's certificate ({@link #certificateProblems}) listed
     * first, and whether the run is a certification judged against {@code catalog}.
     */
    static Certification of(Path resultFile, String expectFail, List<String> certificateProblems,
                            Map<String, WindowInfo> catalog) {
        if (!Files.exists(resultFile)) {
            return new Certification(false, "No Fabric TCK result at " + resultFile
                    + ": run the fabric-tck:run goal first (it is bound to integration-test).");
        }
        Result result;
        try {
            result = ResultDocument.read(resultFile);
        } catch (IOException unreadable) {
            return new Certification(false, unreadable.getMessage());
        }
        Set<String> expected = new LinkedHashSet<>(ForkCommand.items(expectFail));
        List<String> problems = new ArrayList<>(certificateProblems);
        problems.addAll(Verification.problems(result, expected));
        if (problems.isEmpty()) {
            return new Certification(true, Verification.certified(result, expected,
                    Verification.standing(result, catalog)));
        }
        String driver = result.driver() == null ? "the driver"
                : result.driver().name() + " " + result.driver().version();
        StringBuilder message = new StringBuilder("Fabric TCK: ").append(driver).append(" is not certified (").append(problems.size())
                .append(problems.size() == 1 ? " problem" : " problems").append(", result ").append(resultFile).append("):");
        problems.forEach(problem -> message.append("\n  - ").append(problem));
        return new Certification(false, message.toString());
    }

    /**
     * Why the certificate in {@code directory} does not hold for the artifacts and the configuration
     * as they are now: none when it holds; one when it is missing (a result without its certificate
     * is bound to nothing) or unreadable. Nothing is said when the result itself is missing: the
     * decision says that.
     *
     * @param artifactsNow the artifacts that supply driver code now, found as at the run
     *                     (given the certificate, whose module artifact says which file to hash)
     * @param configured   the build's configuration now
     */
    static List<String> certificateProblems(Path directory, ArtifactsNow artifactsNow,
                                            Certificate.Configuration configured) {
        Path resultFile = directory.resolve(ResultJson.FILE_NAME);
        if (!Files.exists(resultFile)) {
            return List.of();
        }
        Path file = directory.resolve(Certificate.FILE_NAME);
        if (!Files.exists(file)) {
            return List.of("No Fabric TCK certificate at " + file + ": a result without its certificate is bound to "
                    + "no artifact and no configuration; run fabric-tck:run again (it writes both).");
        }
        try {
            Certificate c = CertificateDocument.read(file);
            List<String> problems = new ArrayList<>(c.problems(artifactsNow.of(c), DriverArtifact.fileSha256(resultFile),
                    configured));
            // the certificate binds the result's digest, not its own adapters: an edit there must be caught here
            String adapters = adapterProblem(c, resultFile);
            if (adapters != null) {
                problems.add(adapters);
            }
            return problems;
        } catch (IOException e) {
            return List.of(e.getMessage() + " Run fabric-tck:run again.");
        }
    }

    /** {@link Certificate#adapterProblem} against the result file; {@code null} when it is unreadable (the decision says so). */
    private static String adapterProblem(Certificate c, Path resultFile) {
        try {
            return c.adapterProblem(ResultDocument.read(resultFile));
        } catch (IOException unreadable) {
            return null;
        }
    }

    /** The artifacts that supply driver code now, found as the certificate's were. */
    interface ArtifactsNow {
        List<DriverArtifact> of(Certificate c) throws IOException;
    }
}
