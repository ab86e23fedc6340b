package io.github.fabrictck.launcher;

import io.github.fabrictck.engine.Agent;
import io.github.fabrictck.engine.ExitGuard;
import io.github.fabrictck.engine.RunSettings;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowInfo;
import io.github.fabrictck.report.WindowResult;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The forked JVM's entry point.
 *
 * <pre>
 * java -javaagent:fabric-tck.jar[=DRIVER-CLASSPATH] -cp KIT-CLASSPATH io.github.fabrictck.launcher.Main (--channel PORT [--out DIR] | --out DIR)
 *      [--driver NAME] [--windows CQ-1,CQ] [--exclude CQ-4] [--repeat N] [--shard I/N] [--fork-timeout SECONDS]
 *      [--reproduce-prefix "mvn ...:run"]
 * </pre>
 *
 * <p>The driver's classes come from {@code DriverLoader} (the agent's argument, in the plugin's
 * fork), which hides the kit's internals from them by name; it is the context class loader while
 * the driver runs.
 *
 * <p>With {@code --channel} (the Maven plugin's fork) the first line of standard input is
 * {@code TOKEN ENDKEY}; the launcher connects to Maven's process on the loopback port before any
 * class from outside the kit is loaded (the agent's {@code premain} defers the driver's loader and
 * the adapters to {@link Agent#start()}, which runs after the connection), sends the token, then every message of {@link RunRecord}, and writes no
 * file: Maven's process writes them (into {@code --out}, which the windows name when they speak of a file there, as
 * a failing schedule's replay path) and owns the verdict. Standard input stays open: its end means
 * Maven's process is gone, and this JVM ends too; so it does after {@code --fork-timeout} (and a
 * grace). With {@code --out} (the bench, scripts) the launcher writes the result files itself; such
 * a result is nobody's certificate.
 *
 * <p>Exit status 0: the catalog ran; 2: a configuration error, said in one line on stderr that
 * starts with {@code fabric-tck: } (and over the channel); 1: the kit itself failed; 3: Maven's
 * process went away; 4: the fork overran its time limit; 5: the channel could not be opened. The JVM
 * is ended with {@link Runtime#halt} so that driver threads left blocked by a broken driver cannot
 * keep it alive; the agent's {@link ExitGuard} stops every exit but the launcher's own. Whatever the
 * status, only the end message over the channel makes a run complete.
 */
public final class Main {

    /** Exit status of a configuration error. */
    public static final int CONFIGURATION_ERROR = 2;

    /** After its time limit the plugin kills the fork; this grace lets it take the thread dump first. */
    private static final Duration DEADLINE_GRACE = Duration.ofSeconds(15);

    private Main() {
    }

    public static void main(String[] args) {
        RunSettings.freeze(); // the settings the windows use and the run records: as given, whatever the driver sets later
        // this JVM runs the driver: from now on only this class, at the end, may end it
        ExitGuard.onlyTheKitEndsTheJvm();
        Launcher.prepareInBackground();
        String port = option(args, "--channel");
        if (port == null) {
            standalone(args);
            return;
        }
        String out = option(args, "--out");
        if (out != null) {
            // where Maven's process writes the files: what a window says about one (a failing schedule) names it there
            RunSettings.outputDirectory(Path.of(out));
        }
        FileInputStream stdin = new FileInputStream(FileDescriptor.in);
        String[] keys;
        ParentLink link;
        try {
            keys = handshake(stdin);
            link = ParentLink.connect(Integer.parseInt(port.trim()), keys[0]);
        } catch (IOException | RuntimeException e) {
            rawError("fabric-tck: cannot open the channel to Maven's process on port " + port + ": " + e);
            end(5);
            return;
        }
        String endKey = keys[1];
        keys = null;
        ParentWatch.onEndOfInput(stdin, Main::parentGone);
        String timeout = option(args, "--fork-timeout");
        if (timeout != null && Long.parseLong(timeout.trim()) > 0) {
            ParentWatch.after(Duration.ofSeconds(Long.parseLong(timeout.trim())).plus(DEADLINE_GRACE), Main::overran);
        }
        int status;
        try {
            String agents = secondAgent(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
            if (agents != null) {
                throw new ConfigurationError(agents);
            }
            // only now code from outside the kit may exist in this JVM: the driver's loader, the module's adapters
            Agent.start();
            Launcher.Config config = parse(args);
            Launcher.run(config, shard(args), link);
            link.end(endKey);
            status = 0;
        } catch (ConfigurationError e) {
            rawError("fabric-tck: " + e.getMessage());
            status = CONFIGURATION_ERROR;
            tell(() -> link.refused(e.getMessage()));
        } catch (RuntimeException | Error e) {
            status = failed(e);
            tell(() -> link.failed(failure(e)));
        }
        link.close();
        end(status);
    }

    /**
     * Why this JVM cannot run a certification, in one sentence, or {@code null}: its options (the command line and
     * the environment's {@code JAVA_TOOL_OPTIONS}, {@code JDK_JAVA_OPTIONS}, {@code _JAVA_OPTIONS}, all of which the
     * JVM reports as its input arguments) load an agent besides the kit's one {@code -javaagent}. Maven's process
     * refuses such options before the fork; this catches what it cannot see (a {@code java} that adds them itself).
     * An agent that ran first could have changed this check too: the certificate records the fork's {@code java} and
     * environment so that a third party's {@code recheck} does not depend on them.
     */
    static String secondAgent(java.util.List<String> inputArguments) {
        java.util.List<String> agents = inputArguments.stream().filter(a -> a.startsWith("-javaagent:")
                || a.startsWith("-agentpath:") || a.startsWith("-agentlib:")).toList();
        if (agents.size() <= 1 && agents.stream().allMatch(a -> a.startsWith("-javaagent:"))) {
            return null;
        }
        return "The fork's JVM was started with " + agents.size() + " agents (" + String.join(" ", agents)
                + "), not the kit's alone: another agent runs ahead of the kit and can forge its verdicts; remove it "
                + "from fabric-tck.jvm, JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS and _JAVA_OPTIONS.";
    }

    /** Sends a last message, if Maven's process still listens (else the parent watch ends this JVM anyway). */
    private static void tell(Runnable message) {
        try {
            message.run();
        } catch (RuntimeException gone) {
            rawError("fabric-tck: Maven's process no longer listens: " + gone.getMessage());
        }
    }

    /** The launcher without Maven's process: it writes the result files into {@code --out} itself. */
    private static void standalone(String[] args) {
        Agent.start();
        int status;
        try {
            Launcher.Config config = parse(args);
            String out = option(args, "--out");
            if (out == null) {
                throw new ConfigurationError("Missing --out DIR (where to write fabric-tck-result.json) or --channel PORT.");
            }
            RunSettings.outputDirectory(Path.of(out));
            Standalone files = new Standalone(Path.of(out), Catalog.discover().info());
            Launcher.run(config, shard(args), files);
            files.end();
            status = 0;
        } catch (ConfigurationError e) {
            rawError("fabric-tck: " + e.getMessage());
            status = CONFIGURATION_ERROR;
        } catch (RuntimeException | Error e) {
            status = failed(e);
        }
        end(status);
    }

    /** Writes every report after each message, as the plugin does in Maven's process. */
    private static final class Standalone implements Launcher.Listener {
        private final Path directory;
        private final Map<String, WindowInfo> info;
        private final RunRecord record = new RunRecord(null);

        Standalone(Path directory, Map<String, WindowInfo> info) {
            this.directory = directory;
            this.info = info;
        }

        @Override
        public void header(Result header) {
            record.header(header);
            write();
        }

        @Override
        public void started(String label, String running) {
            record.started(label, running);
            write();
        }

        @Override
        public void verdict(WindowResult run) {
            WindowResult kept = record.verdict(run);
            System.out.println(progressLine(kept));
            System.out.flush();
            write();
        }

        void end() {
            record.end();
            write();
        }

        private void write() {
            try {
                ReportFiles.writeAll(record.snapshot(), directory, info);
                for (Map.Entry<String, String> dump : record.dumps().entrySet()) {
                    ReportFiles.write(directory.resolve(dump.getKey()), dump.getValue());
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the reports in " + directory, e);
            }
        }
    }

    private static int failed(Throwable e) {
        rawError("fabric-tck: " + failure(e));
        e.printStackTrace(new java.io.PrintStream(RAW_ERR, true, StandardCharsets.UTF_8)); // not System.err's lock
        return 1;
    }

    /** What failed: the kit, or the JVM the driver shares with it (out of memory, out of stack). */
    private static String failure(Throwable e) {
        if (e instanceof VirtualMachineError) {
            return "the fork's JVM failed with " + e + " (the driver's threads share its heap and stacks: raise -Xmx or "
                    + "-Xss in fabric-tck.argLine, or look for what in the driver holds so much)";
        }
        return "the kit failed: " + e;
    }

    /** Maven's process is gone (the end of standard input): nobody is left to judge, so this JVM ends. */
    private static void parentGone() {
        end(3, "fabric-tck: Maven's process is gone; the fork ends.");
    }

    /** The fork ran past its time limit and the plugin did not kill it: it ends itself. */
    private static void overran() {
        end(4, "fabric-tck: the fork ran past fabric-tck.forkTimeout; it ends itself.");
    }

    private static void end(int status) {
        end(status, null);
    }

    /**
     * Ends this JVM with {@code status}, after ending the processes the driver left and writing
     * {@code lastLine} (if any) on standard error. Nothing here waits for a monitor a driver thread
     * can hold: a driver thread that keeps {@code System.out}'s or {@code System.err}'s lock must not
     * keep the fork alive past its deadline, nor after Maven's process is gone. So the lines go to
     * the raw file descriptor, and the flush of the driver's buffered output is given at most
     * {@link #FLUSH_WAIT} on a thread of its own.
     */
    private static void end(int status, String lastLine) {
        Thread flush = new Thread(() -> {
            System.out.flush();
            System.err.flush();
        }, "fabric-tck-flush");
        flush.setDaemon(true);
        flush.start();
        try {
            flush.join(FLUSH_WAIT.toMillis());
        } catch (InterruptedException e) {
            // the JVM ends anyway
        }
        endDescendants();
        if (lastLine != null) {
            rawError(lastLine);
        }
        ExitGuard.kitEnds();
        writeFlightRecordings();
        Runtime.getRuntime().halt(status);
    }

    /** How long the end waits for the driver's buffered output to be flushed. */
    private static final Duration FLUSH_WAIT = Duration.ofSeconds(1);

    /**
     * Ends every process the driver started that is still alive, each named on standard error
     * ({@code fabric-tck: the driver left process PID `COMMAND` running: ended}; the plugin repeats
     * these lines). The plugin ends them too, but only this JVM still sees its children as its own.
     */
    private static void endDescendants() {
        try {
            ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList().forEach(p -> {
                String command = p.info().commandLine().orElseGet(() -> p.info().command().orElse("(command unknown)"));
                p.destroyForcibly();
                boolean ended;
                try {
                    p.onExit().get(2, java.util.concurrent.TimeUnit.SECONDS);
                    ended = true;
                } catch (Exception e) {
                    ended = !p.isAlive();
                }
                rawError("fabric-tck: the driver left process " + p.pid() + " `" + command + "` running: "
                         + (ended ? "ended" : "could not be ended"));
            });
        } catch (RuntimeException e) {
            // the plugin ends them after this JVM
        }
    }

    /** Writes {@code line} on standard error through the file descriptor: no {@code PrintStream} lock. */
    private static void rawError(String line) {
        try {
            RAW_ERR.write((line + System.lineSeparator()).getBytes(StandardCharsets.UTF_8));
            RAW_ERR.flush();
        } catch (IOException e) {
            // nobody reads standard error any more
        }
    }

    private static final FileOutputStream RAW_ERR = new FileOutputStream(FileDescriptor.err);

    /**
     * Writes the recordings a {@code -XX:StartFlightRecording=filename=...} in {@code argLine} started
     * (a profile of the fork): {@link Runtime#halt} runs no shutdown hook, so the JVM would not.
     */
    private static void writeFlightRecordings() {
        try {
            if (!jdk.jfr.FlightRecorder.isInitialized()) {
                return;
            }
            for (jdk.jfr.Recording r : jdk.jfr.FlightRecorder.getFlightRecorder().getRecordings()) {
                if (r.getDestination() != null && r.getState() == jdk.jfr.RecordingState.RUNNING) {
                    r.dump(r.getDestination());
                }
            }
        } catch (IOException | RuntimeException | LinkageError e) {
            rawError("fabric-tck: the flight recording could not be written: " + e);
        }
    }

    /** The first line of standard input, {@code TOKEN ENDKEY}, read byte by byte so nothing else is consumed. */
    private static String[] handshake(InputStream in) throws IOException {
        byte[] line = new byte[512];
        int n = 0;
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0 || n == line.length) {
                throw new IOException("no handshake line on standard input");
            }
            line[n++] = (byte) b;
        }
        String[] keys = new String(line, 0, n, StandardCharsets.US_ASCII).trim().split(" ");
        Arrays.fill(line, (byte) 0);
        if (keys.length != 2) {
            throw new IOException("the handshake line is not TOKEN ENDKEY");
        }
        return keys;
    }

    /** The part of the run {@code --shard I/N} names, or {@code null} for the whole run. */
    static Sharding.Part shard(String[] args) throws ConfigurationError {
        return Sharding.parse(option(args, "--shard"));
    }

    /** The value of option {@code name}, or {@code null}. */
    private static String option(String[] args, String name) {
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return null;
    }

    /** The line the build's log shows for a verdict. */
    public static String progressLine(WindowResult w) {
        return "fabric-tck: " + w.label() + " " + w.outcome() + " (" + w.durationMillis() + " ms)"
                + (w.reason() == null ? "" : ": " + w.reason());
    }

    /** Parses the command line. */
    static Launcher.Config parse(String[] args) throws ConfigurationError {
        String driver = null;
        Set<String> windows = new LinkedHashSet<>();
        Set<String> excluded = new LinkedHashSet<>();
        int repeat = 1;
        String reproduce = "mvn io.github.fabrictck:fabric-tck-maven-plugin:" + Launcher.tckVersion() + ":run";
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (i + 1 >= args.length) {
                throw new ConfigurationError("Option " + a + " needs a value.");
            }
            String v = args[++i];
            switch (a) {
                case "--driver" -> driver = v.isBlank() ? null : v.trim();
                case "--windows" -> windows.addAll(WindowSelection.names(v));
                case "--exclude" -> excluded.addAll(WindowSelection.names(v));
                case "--repeat" -> repeat = positive(v);
                case "--out", "--channel", "--fork-timeout", "--shard" -> {
                    // read by main
                }
                case "--reproduce-prefix" -> reproduce = v;
                default -> throw new ConfigurationError("Unknown option " + a
                        + "; the launcher takes --channel, --out, --driver, --windows, --exclude, --repeat, --shard,"
                        + " --fork-timeout and --reproduce-prefix.");
            }
        }
        return new Launcher.Config(driver, windows, excluded, repeat, reproduce, seconds("fabric-tck.bound", 1),
                seconds("fabric-tck.pointTimeout", 5), seconds("fabric-tck.windowTimeout", 60));
    }

    private static int positive(String v) throws ConfigurationError {
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new ConfigurationError("-Dfabric-tck.repeat=" + v + " must be a whole number of runs, 1 or more.");
    }

    /**
     * A setting in seconds, from the settings frozen before any driver code ran ({@link RunSettings}): an adapter's
     * constructor that sets {@code fabric-tck.bound} once {@code Agent.start()} made it changes neither what the windows
     * wait nor what the certificate records (a hostile adapter raised the bound and its broken driver was certified).
     */
    private static Duration seconds(String property, long defaultSeconds) throws ConfigurationError {
        String v = RunSettings.get(property, null);
        if (v == null || v.isBlank()) {
            return Duration.ofSeconds(defaultSeconds);
        }
        try {
            return Duration.ofMillis(Math.round(Double.parseDouble(v.trim()) * 1000));
        } catch (NumberFormatException e) {
            throw new ConfigurationError("-D" + property + "=" + v + " is not a number of seconds.");
        }
    }
}
