package io.github.fabrictck.report;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's headless Chromium, to check {@code report.html} in a real browser. Absent, a test that
 * needs it is skipped with a reason that says so (a JUnit assumption), never passed silently.
 */
final class Chromium {

    static final Path EXECUTABLE = Path.of("/usr/bin/chromium");

    private static final long TIMEOUT_SECONDS = 90;

    private Chromium() {
    }

    /** Skips the calling test, saying why, when Chromium is not installed. */
    static void assumeInstalled() {
        String why = "SKIPPED: " + EXECUTABLE + " is absent, so report.html was not checked in a browser; install "
                + "Debian's package with: apt-get install -y chromium";
        if (!Files.isExecutable(EXECUTABLE)) {
            System.err.println(why); // on the console too, not only in the test report
        }
        assumeTrue(Files.isExecutable(EXECUTABLE), why);
    }

    /**
     * Opens {@code page} in a window of the given size, saves a PNG of it to {@code png}, and returns
     * its DOM after its scripts ran, as Chromium serialises it. One browser start for both.
     */
    static String open(Path page, Path png, int width, int height, Path profile)
            throws IOException, InterruptedException {
        Files.createDirectories(png.getParent());
        Files.deleteIfExists(png);
        String dom = run(profile, List.of("--hide-scrollbars", "--window-size=" + width + "," + height,
                "--screenshot=" + png.toAbsolutePath(), "--dump-dom", page.toUri().toString()));
        if (!Files.isRegularFile(png)) {
            throw new IOException("Chromium wrote no screenshot at " + png);
        }
        return dom;
    }

    private static String run(Path profile, List<String> arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(EXECUTABLE.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--no-default-browser-check", "--user-data-dir=" + profile.toAbsolutePath()));
        command.addAll(arguments);
        Path out = Files.createTempFile(profile.getParent(), "chromium", ".out");
        Path err = Files.createTempFile(profile.getParent(), "chromium", ".err");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new IOException("Chromium did not finish within " + TIMEOUT_SECONDS + " s: " + command);
        }
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IOException("Chromium exited with " + p.exitValue() + ": " + Files.readString(err));
        }
        return stdout;
    }
}
