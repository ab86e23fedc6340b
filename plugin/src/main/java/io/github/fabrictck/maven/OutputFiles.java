package io.github.fabrictck.maven;

import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.HtmlReport;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowInfo;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The output directory as Maven's process keeps it: every report written from what it holds in
 * memory: the result after every message of the fork, the others when a verdict changes, all at the end. A file that cannot be written (a full
 * disk) is named once and written again with the next message; nothing in memory is lost. At the
 * end, a report file the plugin did not write, or one changed since, is void: removed or rewritten,
 * with a warning naming it.
 */
final class OutputFiles {

    /** Writes one file; {@link ReportFiles#write} in the build, a failing one in tests. */
    interface Sink {
        void write(Path file, String text) throws IOException;
    }

    private final Path directory;
    private final Map<String, WindowInfo> catalog;
    private final Sink sink;
    private final Consumer<String> warn;
    private final Map<String, String> written = new LinkedHashMap<>();
    private final Map<String, String> failed = new LinkedHashMap<>();
    private final Set<String> before = new HashSet<>();
    /** The files the plugin streams rather than holds ({@link ForkOutput#FILE_NAME}), with the digest of what it wrote. */
    private final Map<String, MessageDigest> streamed = new LinkedHashMap<>();
    /** {@link #verdicts} of the run the reports were last rendered for. */
    private String renderedVerdicts = "";
    private Result finalResult;

    OutputFiles(Path directory, Map<String, WindowInfo> catalog, Sink sink, Consumer<String> warn) {
        this.directory = directory;
        this.catalog = catalog;
        this.sink = sink;
        this.warn = warn;
    }

    /** Whether {@code name} is a file of the kit's reports, which only the plugin writes. */
    static boolean isReport(String name) {
        return name.equals(ResultJson.FILE_NAME) || name.equals(Certificate.FILE_NAME)
               || name.equals(ReportFiles.SUMMARY_FILE_NAME) || name.equals(HtmlReport.FILE_NAME)
               || name.startsWith("TEST-fabric-tck") && name.endsWith(".xml")
               || name.startsWith("thread-dump-") && name.endsWith(".txt")
               || name.startsWith("schedule-") && name.endsWith(".txt")
               || name.startsWith(".") && name.endsWith(".tmp")
               || name.equals(ForkOutput.FILE_NAME);
    }

    /**
     * Deletes the reports an earlier build left (they must not be judged as this one's) and notes
     * the directory's other files, which are left alone.
     */
    synchronized void clear() throws IOException {
        clear(null);
    }

    /**
     * As {@link #clear()}, but the schedule file a replay reads ({@code -Dfabric-tck.replay}, in this directory when
     * it is the one an exploration wrote here) stays: it is kept as if this run had written it, so it is there for the
     * fork to read, is put back if anyone changes it, and is replaced by the replay's own schedule if that fails.
     *
     * @param replayed the schedule file the run replays, or {@code null}
     */
    synchronized void clear(Path replayed) throws IOException {
        Path keep = replayed == null ? null : replayed.toAbsolutePath().normalize();
        for (Path file : files()) {
            String name = file.getFileName().toString();
            if (keep != null && file.toAbsolutePath().normalize().equals(keep)) {
                written.put(name, Files.readString(file, StandardCharsets.UTF_8));
            } else if (isReport(name)) {
                Files.deleteIfExists(file);
            } else {
                before.add(name);
            }
        }
    }

    private List<Path> files() throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(directory)) {
            return list.filter(Files::isRegularFile).toList();
        }
    }

    /**
     * Writes the result of {@code result} (none when {@code null}) and the thread dumps after every message, and
     * renders the other reports again only when a verdict changed (a window's outcome, a new window, the run's
     * end) or a report is behind after a failed write: a run with {@code repeat=1000} sends a message per round,
     * and rendering every report for each was most of Maven's process's CPU. The final write renders them all.
     */
    synchronized void write(Result result, Map<String, String> dumps) {
        if (result == null) {
            return;
        }
        Map<String, String> files = new LinkedHashMap<>();
        files.put(ResultJson.FILE_NAME, ResultDocument.text(result));
        String verdicts = verdicts(result);
        boolean reportsBehind = failed.keySet().stream().anyMatch(name -> !name.equals(ResultJson.FILE_NAME));
        if (reportsBehind || !verdicts.equals(renderedVerdicts)) {
            files.putAll(ReportFiles.renderReports(result, catalog));
            renderedVerdicts = verdicts;
        }
        files.putAll(dumps);
        files.forEach(this::writeOne);
    }

    /** What the reports show of a run apart from passing rounds and times: each window's outcome, and whether it ended. */
    private static String verdicts(Result result) {
        StringBuilder key = new StringBuilder(result.complete() ? "complete" : "running");
        result.windows().forEach(w -> {
            key.append('|').append(w.label()).append('=').append(w.outcome());
            if (w.repeat() != null) { // rounds that did not pass are news; another passing round is not
                key.append(':').append(w.repeat().fail()).append('/').append(w.repeat().error()).append('/')
                        .append(w.repeat().notApplicable());
            }
        });
        return key.toString();
    }

    /**
     * Writes the final reports: the result file last, and marked incomplete when another report
     * could not be written, so that {@code verify} fails rather than certify without its reports.
     */
    synchronized void writeFinal(Result result, Map<String, String> dumps) {
        Map<String, String> files = new LinkedHashMap<>(ReportFiles.renderReports(result, catalog));
        files.putAll(dumps);
        files.forEach(this::writeOne);
        Result kept = result;
        boolean reportsMissing = failed.keySet().stream().anyMatch(name -> !name.equals(ResultJson.FILE_NAME));
        if (reportsMissing && result.complete()) {
            kept = new Result(result.schema(), result.tckVersion(), result.driver(), result.jvm(), false, null,
                    result.windows(), result.run(), result.rewrittenCallSites(), result.adapters());
        }
        finalResult = kept;
        writeOne(ResultJson.FILE_NAME, ResultDocument.text(kept));
    }

    /** The result {@link #writeFinal} kept, as Maven's process holds it; {@code null} before. */
    synchronized Result finalResult() {
        return finalResult;
    }

    /**
     * The text of the result file as Maven's process wrote it last (what the certificate's digest binds, computed
     * from memory: the file on disk may have been changed since by anyone), or {@code null} when none was written.
     */
    synchronized String finalResultText() {
        return written.get(ResultJson.FILE_NAME);
    }

    private void writeOne(String name, String text) {
        if (text.equals(written.get(name)) && !failed.containsKey(name)) {
            return;
        }
        try {
            sink.write(directory.resolve(name), text);
            written.put(name, text);
            if (failed.remove(name) != null) {
                warn.accept("Fabric TCK: " + directory.resolve(name) + " is written now.");
            }
        } catch (IOException | RuntimeException e) {
            if (failed.put(name, String.valueOf(e)) == null) {
                warn.accept("Fabric TCK: cannot write " + directory.resolve(name) + ": " + e + "; every verdict "
                        + "received is kept in Maven's memory and the file is tried again after the next message.");
            }
        }
    }

    /**
     * Why the reports are not all written, in one sentence that names the output directory's disk and its free
     * space (a full disk is the usual cause), or {@code null} when every last write succeeded.
     */
    synchronized String unwritten() {
        if (failed.isEmpty()) {
            return null;
        }
        String free;
        try {
            java.nio.file.FileStore store = Files.getFileStore(Files.isDirectory(directory) ? directory
                    : directory.toAbsolutePath().getRoot());
            free = store.getUsableSpace() + " bytes free on " + store;
        } catch (IOException | RuntimeException e) {
            free = "its free space unknown: " + e.getMessage();
        }
        return "Maven's process could not write " + String.join(", ", failed.keySet()) + " in " + directory + " ("
               + failed.values().iterator().next() + "; " + free + "): is the disk full? Every verdict received was "
               + "kept in memory, but without its reports the run counts as incomplete; free space and run "
               + "fabric-tck:run again.";
    }

    /**
     * Creates {@link ForkOutput#FILE_NAME}, the fork's output that the log does not show: a file of
     * the plugin's own that {@link #voidStrangers} keeps while it holds what the plugin wrote (it
     * keeps a digest rather than the text, which may be 64 MiB) and removes when someone changed it.
     */
    synchronized OutputStream openForkOutput() throws IOException {
        MessageDigest digest = sha256();
        Files.createDirectories(directory);
        OutputStream file = Files.newOutputStream(directory.resolve(ForkOutput.FILE_NAME));
        streamed.put(ForkOutput.FILE_NAME, digest);
        return new DigestOutputStream(new BufferedOutputStream(file), digest);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** Whether {@code file} holds exactly what the plugin streamed into it. */
    private static boolean holds(Path file, MessageDigest digest) {
        MessageDigest now = sha256();
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), now)) {
            in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            return false;
        }
        try {
            return MessageDigest.isEqual(((MessageDigest) digest.clone()).digest(), now.digest());
        } catch (CloneNotSupportedException e) {
            return false;
        }
    }

    /** The reports whose last write failed, each as {@code file: why}. */
    synchronized List<String> failures() {
        List<String> list = new ArrayList<>();
        failed.forEach((name, why) -> list.add(directory.resolve(name) + ": " + why));
        return list;
    }

    /**
     * Voids what the plugin did not write: a report it wrote but whose content changed since is
     * written again; any other file that appeared during the run is removed. Each is named in a warning.
     */
    synchronized void voidStrangers() {
        List<Path> present;
        try {
            present = files();
        } catch (IOException e) {
            warn.accept("Fabric TCK: cannot list " + directory + " to check that only the plugin wrote it: " + e);
            return;
        }
        for (Path file : present) {
            String name = file.getFileName().toString();
            String ours = written.get(name);
            MessageDigest stream = streamed.get(name);
            if (stream != null) {
                if (!holds(file, stream)) {
                    remove(file, "was changed by someone other than Maven's process (the driver?)");
                }
            } else if (ours != null) {
                String now;
                try {
                    now = Files.readString(file, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    now = null;
                }
                if (!ours.equals(now)) {
                    warn.accept("Fabric TCK: " + file + " was changed by someone other than Maven's process (the driver?); "
                            + "it is void and written again.");
                    written.remove(name);
                    writeOne(name, ours);
                }
            } else if (!before.contains(name) && !failed.containsKey(name)) {
                remove(file, "was not written by Maven's process (the driver?)");
            }
        }
    }

    /** Removes {@code file}, which is void because it {@code why}, with a warning. */
    private void remove(Path file, String why) {
        warn.accept("Fabric TCK: " + file + " " + why + "; it is void and removed.");
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            warn.accept("Fabric TCK: cannot remove " + file + ": " + e);
        }
    }
}
