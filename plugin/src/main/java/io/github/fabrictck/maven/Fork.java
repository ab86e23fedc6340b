package io.github.fabrictck.maven;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A forked JVM under supervision: its output is passed on line by line while it runs, and it is
 * killed with its descendants when it overruns its time limit or when Maven's JVM shuts down
 * (SIGTERM, Ctrl-C). Its standard input stays open after the handshake line: the fork ends itself
 * at its end of file, which comes even when Maven's process is killed outright.
 */
final class Fork {

    /** How the launcher prefixes the line on standard error that explains why it ended with a non-zero code. */
    static final String LAUNCHER_PREFIX = "fabric-tck: ";

    /** A bound on waiting for the output after the process ended, in case a stray descendant holds a pipe. */
    private static final Duration DRAIN = Duration.ofSeconds(10);

    /** How long the fork gets to print its thread dump before it is killed. */
    private static final Duration DUMP_WAIT = Duration.ofSeconds(1);

    private final Process process;
    private final Thread stdout;
    private final Thread stderr;
    private final AtomicReference<String> explanation = new AtomicReference<>();
    private final Deque<String> errorTail = new ArrayDeque<>();
    private final Thread killOnShutdown;

    private Fork(Process process, Consumer<String> out, Consumer<String> err) {
        this.process = process;
        this.killOnShutdown = new Thread(this::killQuietly, "fabric-tck-kill-fork");
        Runtime.getRuntime().addShutdownHook(killOnShutdown);
        // One lock for both streams, so that the log (not necessarily thread-safe) gets whole lines.
        Object lock = new Object();
        this.stdout = pump(process.getInputStream(), line -> {
            synchronized (lock) {
                out.accept(line);
            }
        }, "stdout");
        this.stderr = pump(process.getErrorStream(), line -> {
            // The last such line: the launcher writes it just before the JVM ends, after any driver output.
            if (line.startsWith(LAUNCHER_PREFIX)) {
                explanation.set(line.substring(LAUNCHER_PREFIX.length()).strip());
            }
            synchronized (errorTail) {
                errorTail.addLast(line.strip());
                if (errorTail.size() > ForkExit.TAIL_LINES) {
                    errorTail.removeFirst();
                }
            }
            synchronized (lock) {
                err.accept(line);
            }
        }, "stderr");
    }

    /**
     * Starts {@code command} in {@code workingDirectory}; {@code out} and {@code err} receive each
     * line of its standard output and error as it comes, on threads of the fork's own.
     */
    static Fork start(List<String> command, Path workingDirectory, Consumer<String> out, Consumer<String> err)
            throws IOException {
        return start(command, workingDirectory, null, out, err);
    }

    /**
     * {@link #start(List, Path, Consumer, Consumer)}, writing {@code handshake} as the first line of
     * the fork's standard input and keeping it open while the fork runs; {@code null}: its standard
     * input is closed at once.
     */
    static Fork start(List<String> command, Path workingDirectory, String handshake, Consumer<String> out,
                      Consumer<String> err) throws IOException {
        return start(command, workingDirectory, handshake, List.of(), out, err);
    }

    /**
     * {@link #start(List, Path, String, Consumer, Consumer)} with the environment variables {@code unset} removed from
     * the fork's environment (the third-party {@code recheck} removes the JVM's option variables, which would add
     * options the certificate does not record).
     */
    static Fork start(List<String> command, Path workingDirectory, String handshake, List<String> unset,
                      Consumer<String> out, Consumer<String> err) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(workingDirectory.toFile());
        unset.forEach(builder.environment()::remove);
        Process process = builder.start();
        if (handshake == null) {
            process.getOutputStream().close();
        } else {
            try {
                process.getOutputStream().write((handshake + "\n").getBytes(StandardCharsets.US_ASCII));
                process.getOutputStream().flush();
            } catch (IOException died) {
                // the JVM ended before reading it (a bad argLine): its exit and its stderr say why
            }
        }
        return new Fork(process, out, err);
    }

    /** The process's id, for the log. */
    long pid() {
        return process.pid();
    }

    /**
     * Waits for the fork to end, at most {@code timeout} (zero or negative: without limit); a fork
     * still running then is killed with its descendants.
     */
    ForkExit await(Duration timeout) throws InterruptedException {
        boolean finished;
        try {
            if (timeout.isZero() || timeout.isNegative()) {
                process.waitFor();
                finished = true;
            } else {
                finished = process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException interrupted) {
            kill();
            throw interrupted;
        }
        if (!finished) {
            requestThreadDump();
            kill();
        }
        stdout.join(DRAIN.toMillis());
        stderr.join(DRAIN.toMillis());
        try {
            Runtime.getRuntime().removeShutdownHook(killOnShutdown);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway and finds the fork ended
        }
        closeQuietly();
        List<String> tail;
        synchronized (errorTail) {
            tail = List.copyOf(errorTail);
        }
        return new ForkExit(process.exitValue(), !finished, explanation.get(), tail);
    }

    private void closeQuietly() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // the fork is gone; its stdin with it
        }
    }

    /** Maven's JVM shuts down (SIGTERM, Ctrl-C) while the fork runs: the fork and its children go with it. */
    private void killQuietly() {
        try {
            kill();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Asks the fork's JVM for a thread dump on its standard output (SIGQUIT), which is passed on to
     * the log, so that an overrun shows where every thread was. Not available on Windows.
     */
    private void requestThreadDump() throws InterruptedException {
        if (System.getProperty("os.name", "").startsWith("Windows")) {
            return;
        }
        try {
            Process quit = new ProcessBuilder("kill", "-QUIT", Long.toString(process.pid())).redirectErrorStream(true).start();
            quit.waitFor(DUMP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            process.waitFor(DUMP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (IOException e) {
            // no dump then; the fork is killed all the same
        }
    }

    /** Kills the fork and every process it started, without letting it run shutdown hooks. */
    void kill() throws InterruptedException {
        // Descendants first looked up, then the fork killed so that it starts no more, then them.
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
        process.waitFor();
    }

    private static Thread pump(InputStream stream, Consumer<String> sink, String name) {
        Thread thread = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, outputCharset()))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    sink.accept(line);
                }
            } catch (IOException closed) {
                // The stream closes under us when the fork is killed: nothing more to pass on.
            }
        }, "fabric-tck-fork-" + name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** The forked JVM writes its console output in the platform's native encoding. */
    private static Charset outputCharset() {
        String nativeEncoding = System.getProperty("native.encoding");
        try {
            return nativeEncoding == null ? Charset.defaultCharset() : Charset.forName(nativeEncoding);
        } catch (IllegalArgumentException unsupported) {
            return Charset.defaultCharset();
        }
    }
}
