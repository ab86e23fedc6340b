package io.github.fabrictck.maven;

import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.Verification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code verify} goal's decision on a result file: certified, with the line to log, or not,
 * with the one message that lists every problem.
 *
 * @param certified whether the build passes
 * @param message   the line to log, or the message to fail with
 */
record Certification(boolean certified, String message) {

    static Certification of(Path resultFile, String expectFail) {
        return of(resultFile, expectFail, List.of());
    }

    /**
     * The decision, with the problems of the run's certificate ({@code Certificate.check}: the driver
     * artifact or the result changed since the run) listed first.
     */
    static Certification of(Path resultFile, String expectFail, List<String> certificateProblems) {
        if (!Files.exists(resultFile)) {
            return new Certification(false, "No Fabric TCK result at " + resultFile
                    + ": run the fabric-tck:run goal first (it is bound to integration-test).");
        }
        Result result;
        try {
            result = ResultJson.read(resultFile);
        } catch (IOException unreadable) {
            return new Certification(false, unreadable.getMessage());
        }
        Set<String> expected = new LinkedHashSet<>(ForkCommand.items(expectFail));
        List<String> problems = new ArrayList<>(certificateProblems);
        problems.addAll(Verification.problems(result, expected));
        if (problems.isEmpty()) {
            return new Certification(true, Verification.certified(result, expected));
        }
        String driver = result.driver() == null ? "the driver"
                : result.driver().name() + " " + result.driver().version();
        StringBuilder message = new StringBuilder("Fabric TCK: ").append(driver).append(" is not certified (").append(problems.size())
                .append(problems.size() == 1 ? " problem" : " problems").append(", result ").append(resultFile).append("):");
        problems.forEach(problem -> message.append("\n  - ").append(problem));
        return new Certification(false, message.toString());
    }
}
