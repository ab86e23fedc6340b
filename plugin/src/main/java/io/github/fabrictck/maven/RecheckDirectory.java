package io.github.fabrictck.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The directory a third party's {@code recheck} works in: made by the recheck, empty before it, so nothing of a
 * checkout (its {@code target/}, an earlier result, a planted file the driver reads) can take part in the run. The
 * artifacts the certificate binds are copied into {@code artifacts/}, the fork runs in the directory and writes its
 * reports to {@code fabric-tck/}.
 */
final class RecheckDirectory {

    /** Where the certificate's artifacts are copied; the fork's class path is exactly these files. */
    static final String ARTIFACTS = "artifacts";

    /** Where the re-run's result, report and certificate are written. */
    static final String REPORTS = "fabric-tck";

    private RecheckDirectory() {
    }

    /**
     * The default directory: {@code fabric-tck-recheck/<the first 12 hex digits of the certificate's SHA-256>} in
     * {@code workingDirectory}, so that rechecks of two certificates do not meet.
     */
    static Path defaultFor(Path workingDirectory, String certificateSha256) {
        return workingDirectory.resolve("fabric-tck-recheck").resolve(certificateSha256.substring(0, 12));
    }

    /**
     * {@code null} when {@code directory} does not exist or is an empty directory; else the sentence that refuses it
     * (a file, or a directory with something in it, which would take part in the run).
     */
    static String problem(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return null;
        }
        if (!Files.isDirectory(directory)) {
            return "The recheck directory " + directory + " is a file: give a new directory with "
                    + "-Dfabric-tck.recheckDirectory=DIR.";
        }
        try (Stream<Path> entries = Files.list(directory)) {
            if (entries.findAny().isPresent()) {
                return "The recheck directory " + directory + " is not empty (an earlier recheck?): remove it, or give "
                        + "a new directory with -Dfabric-tck.recheckDirectory=DIR.";
            }
        }
        return null;
    }
}
