package io.github.fabrictck.maven;

import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The tests' way to certify a result file they wrote: the plugin itself certifies the result it holds in memory
 * ({@code RunMojo.certify}), never one read back from disk.
 */
final class IssuedCertificates {

    private IssuedCertificates() {
    }

    /** Reads the result file in {@code directory}, writes its certificate next to it and returns it. */
    static Certificate issue(Path directory, Map<String, WindowInfo> catalog, List<DriverArtifact> artifacts,
                             Map<String, String> parameters, Map<String, String> configured) throws IOException {
        Path resultFile = directory.resolve(ResultJson.FILE_NAME);
        Certificate c = Certificate.of(ResultDocument.read(resultFile), catalog, artifacts, parameters, configured,
                DriverArtifact.fileSha256(resultFile), List.of());
        ReportFiles.write(directory.resolve(Certificate.FILE_NAME), CertificateDocument.text(c));
        return c;
    }
}
