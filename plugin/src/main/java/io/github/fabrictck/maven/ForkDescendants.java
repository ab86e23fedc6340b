package io.github.fabrictck.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The processes a fork started, so that none outlives the run: a child the driver left running
 * could rename a forged result over the reports or wait for the certificate and patch it.
 *
 * <p>Once the fork's JVM exited its children are re-parented and {@link Process#descendants()} no
 * longer finds them, so they are looked up while the fork runs ({@link #watch}, every
 * {@value #POLL_MILLIS} ms) and kept with their command line. A child that started and double-forked
 * between two looks is found at the end by the marker {@link #MARKER} in its environment (Linux,
 * {@code /proc/PID/environ} of this user's processes); one that cleared its environment and escaped
 * between two looks is not.
 */
final class ForkDescendants {

    /** The environment variable whose random value marks every process of one fork. */
    static final String MARKER = "FABRIC_TCK_RUN";

    static final long POLL_MILLIS = 50;

    /** How many rounds of killing at the end: a child that keeps forking gets this many chances to be caught. */
    private static final int END_ROUNDS = 5;

    private final String mark = MARKER + "=" + random();
    private final Map<Long, Seen> seen = new LinkedHashMap<>();
    private Process process;
    private Thread poller;

    private record Seen(ProcessHandle handle, String command) {
    }

    private static String random() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** Puts the marker into the environment the fork (and whatever it starts) inherits. */
    void mark(ProcessBuilder builder) {
        builder.environment().put(MARKER, mark.substring(MARKER.length() + 1));
    }

    /**
     * Looks up {@code fork}'s descendants every {@value #POLL_MILLIS} ms on a daemon thread until
     * {@link #end}; less often where a look takes more than a tenth of that, so that it never takes
     * more than a tenth of a core.
     */
    void watch(Process fork) {
        this.process = fork;
        poller = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                long start = System.nanoTime();
                look();
                // a look reads every process of the machine: on one with thousands it takes long, and is taken less often
                long took = (System.nanoTime() - start) / 1_000_000;
                try {
                    Thread.sleep(Math.max(POLL_MILLIS, 10 * took));
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "fabric-tck-fork-descendants");
        poller.setDaemon(true);
        poller.start();
    }

    /** Notes the fork's live descendants; to be called before the fork is killed, so that none is missed. */
    synchronized void look() {
        if (process != null) {
            process.descendants().forEach(this::note);
        }
    }

    private void note(ProcessHandle handle) {
        if (!seen.containsKey(handle.pid()) && handle.isAlive()) {
            seen.put(handle.pid(), new Seen(handle, command(handle)));
        }
    }

    /**
     * Ends every process of the fork still alive, the fork's JVM excepted (it ended or was killed):
     * those seen while it ran and those that carry its marker. Each is named in a sentence.
     */
    List<String> end() {
        if (poller != null) {
            poller.interrupt();
        }
        List<String> sentences = new ArrayList<>();
        List<Long> named = new ArrayList<>();
        for (int round = 0; round < END_ROUNDS; round++) {
            List<Seen> alive = new ArrayList<>();
            synchronized (this) {
                look();
                marked().forEach(this::note);
                seen.values().stream().filter(s -> s.handle().isAlive() && !named.contains(s.handle().pid()))
                        .forEach(alive::add);
            }
            if (alive.isEmpty()) {
                break;
            }
            // named by what each runs now: one first seen as the JDK's spawn helper has since become the program it started
            Map<Long, String> commands = new HashMap<>();
            for (Seen s : alive) {
                String now = command(s.handle());
                commands.put(s.handle().pid(), now.equals("(command unknown)") ? s.command() : now);
            }
            alive.forEach(s -> s.handle().destroyForcibly());
            for (Seen s : alive) {
                boolean ended;
                try {
                    s.handle().onExit().get(5, TimeUnit.SECONDS);
                    ended = true;
                } catch (Exception e) {
                    ended = !s.handle().isAlive();
                }
                named.add(s.handle().pid());
                sentences.add("the driver left process " + s.handle().pid() + " `" + commands.get(s.handle().pid()) + "` running: "
                        + (ended ? "ended" : "could not be ended"));
            }
        }
        return sentences;
    }

    /** This user's processes whose environment carries the marker (Linux); elsewhere none. */
    private List<ProcessHandle> marked() {
        Path proc = Path.of("/proc");
        List<ProcessHandle> found = new ArrayList<>();
        if (!Files.isDirectory(proc.resolve("self"))) {
            return found;
        }
        byte[] entry = mark.getBytes(StandardCharsets.UTF_8);
        long self = ProcessHandle.current().pid();
        long fork = process == null ? -1 : process.pid();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(proc, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path dir : dirs) {
                long pid = Long.parseLong(dir.getFileName().toString());
                if (pid == self || pid == fork) {
                    continue;
                }
                byte[] environ;
                try {
                    environ = Files.readAllBytes(dir.resolve("environ"));
                } catch (IOException | SecurityException notOurs) {
                    continue; // another user's process, or one that just ended
                }
                if (carries(environ, entry)) {
                    ProcessHandle.of(pid).ifPresent(found::add);
                }
            }
        } catch (IOException e) {
            // no listing: the processes seen while the fork ran are all there is
        }
        return found;
    }

    /** Whether the NUL-separated {@code environ} has {@code entry} as one of its entries. */
    static boolean carries(byte[] environ, byte[] entry) {
        int start = 0;
        for (int i = 0; i <= environ.length; i++) {
            if (i == environ.length || environ[i] == 0) {
                if (i - start == entry.length && java.util.Arrays.equals(environ, start, i, entry, 0, entry.length)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    private static String command(ProcessHandle handle) {
        ProcessHandle.Info info = handle.info();
        Optional<String> line = info.commandLine();
        return line.orElseGet(() -> info.command().orElse("(command unknown)"));
    }
}
