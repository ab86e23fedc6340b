package io.github.fabrictck.maven;

import io.github.fabrictck.launcher.Catalog;
import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.HtmlReport;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.VerdictTable;
import io.github.fabrictck.report.WindowInfo;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Joins the shards of a sharded run ({@code -Dfabric-tck.shard=i/n}) into one result, with its
 * report, summary, XML and certificate, in the output directory; {@code verify} then judges it as
 * it judges a whole run. It refuses, in one sentence naming the file, anything that is not the n
 * complete parts of one run. The decisions are {@link ShardMerge}'s.
 */
@Mojo(name = "merge", threadSafe = true)
public class MergeMojo extends FabricTckMojo {

    /**
     * Comma list of the shards' output directories, or of directories whose subdirectories are
     * (one per downloaded CI artifact); relative paths are from the project's directory.
     */
    @Parameter(property = "fabric-tck.mergeInputs", defaultValue = "${project.build.directory}/fabric-tck-shards")
    private String mergeInputs;

    @Parameter(defaultValue = "${project.basedir}", readonly = true, required = true)
    private File basedir;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skipped()) {
            return;
        }
        failOnUnknownSettings();
        Path out = outputDirectory.toPath().toAbsolutePath().normalize();
        List<Path> given = ForkCommand.items(mergeInputs).stream()
                .map(p -> basedir.toPath().resolve(p).toAbsolutePath().normalize()).toList();
        Map<String, WindowInfo> catalog = null;
        try {
            List<Path> inputs = ShardMerge.inputs(given);
            if (inputs.stream().anyMatch(in -> in.toAbsolutePath().normalize().equals(out))) {
                throw new ShardMerge.Refused("The output directory " + out + " is one of the merge inputs: give "
                        + "fabric-tck.outputDirectory another directory, the merge writes its result there.");
            }
            List<ShardMerge.Shard> shards = new ArrayList<>();
            for (Path in : inputs) {
                shards.add(ShardMerge.read(in));
            }
            // the shards of an exploration ran the catalog with its -X windows, whatever this Maven's properties say
            Result.Run run = shards.get(0).result().run();
            catalog = Catalog.discover(run != null && Catalog.explores(run.settings())).info();
            Result merged = ShardMerge.merge(shards, catalog);
            OutputFiles files = new OutputFiles(out, catalog, ReportFiles::write, getLog()::warn);
            files.clear();
            files.writeFinal(merged, dumps(inputs));
            if (!files.failures().isEmpty()) {
                throw new MojoExecutionException("Fabric TCK: cannot write the merged result: "
                        + String.join("; ", files.failures()));
            }
            Certificate c = ShardMerge.certificate(merged, shards, catalog,
                    DriverArtifact.fileSha256(out.resolve(ResultJson.FILE_NAME)));
            ReportFiles.write(out.resolve(Certificate.FILE_NAME), CertificateDocument.text(c));
            getLog().info("Fabric TCK: merged " + shards.size() + " shards (" + String.join(", ",
                    inputs.stream().map(Path::toString).toList()) + ") into " + out);
            VerdictTable.render(merged).lines().forEach(getLog()::info);
            String line = "Fabric TCK: " + (c.driver() == null ? "the driver" : c.driver().name() + " "
                    + c.driver().version()) + " " + (c.certified() ? "certified" : c.standing() + " ("
                    + String.join("; ", c.reasons()) + ")") + " (merged).";
            if (c.certified()) {
                getLog().info(line);
            } else {
                getLog().warn(line);
            }
            getLog().info("Fabric TCK report: " + out.resolve(HtmlReport.FILE_NAME));
        } catch (ShardMerge.Refused refused) {
            throw new MojoFailureException(refused.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("Fabric TCK: cannot write the merged result in " + out + ": " + e, e);
        }
    }

    /** The shards' thread dumps, by file name (the first of a name wins), so the merged reports can point at them. */
    private static Map<String, String> dumps(List<Path> inputs) throws IOException {
        Map<String, String> dumps = new LinkedHashMap<>();
        for (Path in : inputs) {
            try (Stream<Path> list = Files.list(in)) {
                for (Path f : list.filter(p -> p.getFileName().toString().startsWith("thread-dump-")
                        && p.getFileName().toString().endsWith(".txt")).sorted().toList()) {
                    dumps.putIfAbsent(f.getFileName().toString(), Files.readString(f, StandardCharsets.UTF_8));
                }
            }
        }
        return dumps;
    }
}
