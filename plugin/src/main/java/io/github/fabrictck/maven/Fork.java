package io.github.fabrictck.maven;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A forked JVM under supervision: its output is passed on line by line while it runs (as much as
 * {@link ForkOutput} lets through to the log), and it is killed with its descendants when it
 * overruns its time limit, when it lingers after it sent its end, or when Maven's JVM shuts down
 * (SIGTERM, Ctrl-C). Whatever way it ends, every process it started that is still alive is ended and
 * named ({@link ForkDescendants}). Its standard input stays open after the handshake line: the fork
 * ends itself at its end of file, which comes even when Maven's process is killed outright.
 */
final class Fork {

    /** How the launcher prefixes the line on standard error that explains why it ended with a non-zero code. */
    static final String LAUNCHER_PREFIX = "fabric-tck: ";

    /** How the launcher names, on standard error, a process the driver left that the fork ended itself. */
    static final String LEFTOVER_PREFIX = LAUNCHER_PREFIX + "the driver left process ";

    /** How long a fork that sent its end may take to exit before it is killed. */
    static final Duration END_GRACE = Duration.ofSeconds(10);

    /** A bound on waiting for the output after the process ended, in case a stray descendant holds a pipe. */
    private static final Duration DRAIN = Duration.ofSeconds(10);

    /** How long the fork gets to print its thread dump before it is killed. */
    private static final Duration DUMP_WAIT = Duration.ofSeconds(1);

    /** A line longer than this is passed on in pieces, so that a line without end cannot fill Maven's heap. */
    private static final int MAX_LINE_BYTES = 64 * 1024;

    private final Process process;
    private final ForkDescendants descendants;
    private final ForkOutput output;
    private final Thread stdout;
    private final Thread stderr;
    private final AtomicReference<String> explanation = new AtomicReference<>();
    private final Deque<String> errorTail = new ArrayDeque<>();
    private final List<String> endedByTheFork = new CopyOnWriteArrayList<>();
    private final Thread killOnShutdown;

    private Fork(Process process, ForkDescendants descendants, ForkOutput output, Consumer<String> out,
                 Consumer<String> err) {
        this.process = process;
        this.descendants = descendants;
        this.output = output;
        this.killOnShutdown = new Thread(this::killQuietly, "fabric-tck-kill-fork");
        Runtime.getRuntime().addShutdownHook(killOnShutdown);
        this.stdout = pump(process.getInputStream(), (line, bytes) -> output.accept(line, bytes, false, out), "stdout");
        this.stderr = pump(process.getErrorStream(), (line, bytes) -> {
            if (line.startsWith(LEFTOVER_PREFIX)) {
                endedByTheFork.add(line.substring(LAUNCHER_PREFIX.length()).strip());
            } else if (line.startsWith(LAUNCHER_PREFIX)) {
                // The last such line: the launcher writes it just before the JVM ends, after any driver output.
                explanation.set(line.substring(LAUNCHER_PREFIX.length()).strip());
            }
            synchronized (errorTail) {
                errorTail.addLast(line.strip());
                if (errorTail.size() > ForkExit.TAIL_LINES) {
                    errorTail.removeFirst();
                }
            }
            output.accept(line, bytes, true, err);
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
        return start(command, workingDirectory, handshake, List.of(), ForkOutput.countOnly(), out, err);
    }

    /**
     * {@link #start(List, Path, String, Consumer, Consumer)} with the environment variables {@code unset} removed from
     * the fork's environment (the third-party {@code recheck} removes the JVM's option variables, which would add
     * options the certificate does not record) and {@code output} capping what reaches the log.
     */
    static Fork start(List<String> command, Path workingDirectory, String handshake, List<String> unset,
                      ForkOutput output, Consumer<String> out, Consumer<String> err) throws IOException {
        ForkDescendants descendants = new ForkDescendants();
        ProcessBuilder builder = new ProcessBuilder(command).directory(workingDirectory.toFile());
        unset.forEach(builder.environment()::remove);
        descendants.mark(builder);
        Process process = builder.start();
        descendants.watch(process);
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
        return new Fork(process, descendants, output, out, err);
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
        return await(timeout, new CompletableFuture<>(), END_GRACE);
    }

    /**
     * {@link #await(Duration)}, and once {@code endArrived} completes (the launcher's end message
     * arrived: the run is complete) the fork gets {@code grace} to exit and is then killed: a driver
     * thread that holds a lock the fork's end needs must not make the build wait the whole time limit.
     * Every process the fork started that is still alive is then ended, before the output is drained
     * and before this returns, so before Maven's process writes the certificate.
     */
    ForkExit await(Duration timeout, CompletableFuture<?> endArrived, Duration grace) throws InterruptedException {
        boolean finished;
        boolean lingered = false;
        try {
            long deadline = timeout.isZero() || timeout.isNegative() ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos();
            finished = waitFor(CompletableFuture.anyOf(process.onExit(), endArrived), deadline);
            if (finished && !process.onExit().isDone()) {
                // the end arrived first: the grace, unless the time limit comes sooner
                long graceEnd = System.nanoTime() + grace.toNanos();
                boolean graceFirst = deadline == Long.MAX_VALUE || graceEnd - deadline < 0;
                finished = waitFor(process.onExit(), graceFirst ? graceEnd : deadline);
                lingered = !finished && graceFirst;
            }
        } catch (InterruptedException interrupted) {
            kill();
            descendants.end();
            throw interrupted;
        }
        if (!finished) {
            if (!lingered) {
                requestThreadDump();
            }
            kill();
        }
        // before the output is drained: a child that holds the fork's pipes would otherwise keep it open
        List<String> ended = descendants.end();
        stdout.join(DRAIN.toMillis());
        stderr.join(DRAIN.toMillis());
        output.close();
        List<String> leftovers = new ArrayList<>();
        endedByTheFork.forEach(s -> leftovers.add(s + " by the fork"));
        leftovers.addAll(ended);
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
        return new ForkExit(process.exitValue(), !finished && !lingered, explanation.get(), tail,
                lingered ? "the fork sent its end but did not exit within " + (grace.toMillis() % 1000 == 0
                        ? grace.toSeconds() + " s" : grace.toMillis() + " ms") + ": killed" : null,
                leftovers, output.summary());
    }

    /** Waits for {@code future} until {@code deadline} ({@link System#nanoTime()}); whether it completed. */
    private static boolean waitFor(CompletableFuture<?> future, long deadline) throws InterruptedException {
        try {
            if (deadline == Long.MAX_VALUE) {
                future.get();
            } else {
                future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            return true;
        } catch (TimeoutException e) {
            return future.isDone();
        } catch (ExecutionException e) {
            return true;
        }
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
            descendants.end();
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
        descendants.look();
        List<ProcessHandle> live = process.descendants().toList();
        process.destroyForcibly();
        live.forEach(ProcessHandle::destroyForcibly);
        process.waitFor();
    }

    /** Receives a line of the fork's output and its length in bytes, its line end included. */
    private interface LineSink {
        void accept(String line, long bytes);
    }

    /**
     * Passes each line of {@code stream} on. Bytes, not a {@link java.io.BufferedReader}: a line
     * without end is passed on in pieces of {@value #MAX_LINE_BYTES} bytes instead of filling the heap.
     */
    private static Thread pump(InputStream stream, LineSink sink, String name) {
        Charset charset = outputCharset();
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[8192];
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            try (stream) {
                for (int n = stream.read(buffer); n >= 0; n = stream.read(buffer)) {
                    int from = 0;
                    for (int i = 0; i < n; i++) {
                        if (buffer[i] == '\n' || line.size() + i - from >= MAX_LINE_BYTES) {
                            boolean newline = buffer[i] == '\n';
                            line.write(buffer, from, i - from);
                            from = newline ? i + 1 : i;
                            emit(line, newline, charset, sink);
                        }
                    }
                    line.write(buffer, from, n - from);
                }
            } catch (IOException closed) {
                // The stream closes under us when the fork is killed: nothing more to pass on.
            }
            if (line.size() > 0) {
                emit(line, false, charset, sink);
            }
        }, "fabric-tck-fork-" + name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private static void emit(ByteArrayOutputStream line, boolean newline, Charset charset, LineSink sink) {
        String text = line.toString(charset);
        long bytes = line.size() + (newline ? 1 : 0);
        line.reset();
        sink.accept(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text, bytes);
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
