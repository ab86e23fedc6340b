package io.github.fabrictck.maven;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * How much of the fork's output reaches Maven's log: the first {@value #LOG_LINES} lines or
 * {@value #LOG_BYTES} bytes (1 MiB), whichever comes first. A driver that prints without end (2 GB
 * in 50 s was seen) must not fill the build's log nor its disk: what comes after goes to
 * {@value #FILE_NAME} in the output directory, at most {@value #FILE_BYTES} bytes (64 MiB), and the
 * rest is only counted. {@link #summary()} says how much the log does not show and where it is.
 */
final class ForkOutput {

    /** The file in the output directory that holds the output the log does not show. */
    static final String FILE_NAME = "fork-output.log";

    static final int LOG_LINES = 10_000;
    static final long LOG_BYTES = 1L << 20;
    static final long FILE_BYTES = 64L << 20;

    /** Opens the overflow file; called once, when the log's share is used up. */
    interface Opener {
        OutputStream open() throws IOException;
    }

    private final Path file;
    private final Opener opener;
    private final int logLines;
    private final long logBytes;
    private final long fileBytes;

    // guarded by this
    private int loggedLines;
    private long loggedBytes;
    private long overflowBytes;
    private long filedBytes;
    private OutputStream overflow;
    private String fileProblem;

    /** The plugin's caps; {@code file} is named in the summary, {@code opener} creates it. */
    ForkOutput(Path file, Opener opener) {
        this(file, opener, LOG_LINES, LOG_BYTES, FILE_BYTES);
    }

    ForkOutput(Path file, Opener opener, int logLines, long logBytes, long fileBytes) {
        this.file = file;
        this.opener = opener;
        this.logLines = logLines;
        this.logBytes = logBytes;
        this.fileBytes = fileBytes;
    }

    /** No file: output past the log's share is only counted. */
    static ForkOutput countOnly() {
        return new ForkOutput(null, null);
    }

    /**
     * Passes {@code line} ({@code bytes} long in the fork's encoding, its line end included) to
     * {@code log} while the log's share lasts, else to the file. One lock for both streams, so that
     * the log (not necessarily thread-safe) gets whole lines.
     */
    synchronized void accept(String line, long bytes, boolean stderr, Consumer<String> log) {
        if (overflowBytes == 0 && loggedLines < logLines && loggedBytes + bytes <= logBytes) {
            loggedLines++;
            loggedBytes += bytes;
            log.accept(line);
            return;
        }
        overflowBytes += bytes;
        if (filedBytes >= fileBytes || fileProblem != null || opener == null) {
            return;
        }
        try {
            if (overflow == null) {
                overflow = opener.open();
            }
            byte[] text = ((stderr ? "[stderr] " : "") + line + "\n").getBytes(StandardCharsets.UTF_8);
            int n = (int) Math.min(text.length, fileBytes - filedBytes);
            overflow.write(text, 0, n);
            filedBytes += n;
        } catch (IOException e) {
            fileProblem = e.toString();
        }
    }

    /** Closes the file; what comes later is only counted. */
    synchronized void close() {
        if (overflow != null) {
            try {
                overflow.close();
            } catch (IOException e) {
                fileProblem = e.toString();
            }
            overflow = null;
        }
        filedBytes = Math.max(filedBytes, fileBytes); // nothing more is written
    }

    /** The bytes of output the log did not show. */
    synchronized long overflowBytes() {
        return overflowBytes;
    }

    /** What the log does not show, as a sentence; {@code null} when it showed everything. */
    synchronized String summary() {
        if (overflowBytes == 0) {
            return null;
        }
        String where = file == null ? "it was only counted"
                : fileProblem != null ? file + " could not be written (" + fileProblem + ")"
                : file + (overflowBytes > fileBytes ? " (first " + size(fileBytes) + ")" : "");
        return "the fork wrote " + size(overflowBytes) + " more output than the log shows (the log shows at most "
               + logLines + " lines or " + size(logBytes) + "): " + where;
    }

    /** {@code bytes} for a reader: {@code 2.1 GB}, {@code 64 MiB}, {@code 512 bytes}. */
    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " bytes";
        }
        if (bytes % (1L << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        if (bytes % 1024 == 0 && bytes < (1L << 20)) {
            return (bytes >> 10) + " KiB";
        }
        String[] units = {"kB", "MB", "GB", "TB"};
        double v = bytes / 1000.0;
        int u = 0;
        while (v >= 1000 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
