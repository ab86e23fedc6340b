package io.github.fabrictck.launcher;

import io.github.fabrictck.engine.ExitGuard;
import io.github.fabrictck.report.WindowResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The forked JVM's entry point.
 *
 * <pre>
 * java -javaagent:fabric-tck.jar -cp ... io.github.fabrictck.launcher.Main --out DIR
 *      [--driver NAME] [--windows CQ-1,CQ] [--exclude CQ-4] [--repeat N] [--reproduce-prefix "mvn ...:run"]
 * </pre>
 *
 * <p>Exit status 0: the catalog ran and the result file is written (whatever the verdicts);
 * 2: a configuration error, said in one line on stderr that starts with {@code fabric-tck: };
 * 1: the kit itself failed. The JVM is ended with {@link Runtime#halt} so that driver threads left
 * blocked by a broken driver cannot keep it alive; this is the only exit of the fork the agent's
 * {@link ExitGuard} lets through: any other thread's, the driver's, is stopped.
 */
public final class Main {

    /** Exit status of a configuration error. */
    public static final int CONFIGURATION_ERROR = 2;

    private Main() {
    }

    public static void main(String[] args) {
        // this JVM runs the driver: from now on only this thread, at the end, may end it
        ExitGuard.onlyTheKitEndsTheJvm();
        int status;
        try {
            Launcher.Config config = parse(args);
            Launcher.run(config, Main::progress);
            status = 0;
        } catch (ConfigurationError e) {
            System.err.println("fabric-tck: " + e.getMessage());
            status = CONFIGURATION_ERROR;
        } catch (RuntimeException | Error e) {
            System.err.println("fabric-tck: the kit failed: " + e);
            e.printStackTrace();
            status = 1;
        }
        System.out.flush();
        System.err.flush();
        ExitGuard.kitEnds();
        Runtime.getRuntime().halt(status);
    }

    private static void progress(WindowResult w) {
        System.out.println("fabric-tck: " + w.label() + " " + w.outcome() + " (" + w.durationMillis() + " ms)"
                + (w.reason() == null ? "" : ": " + w.reason()));
        if (w.threadDump() != null) {
            System.out.println("fabric-tck: thread dump of the fork when " + w.label() + " ended:");
            w.threadDump().lines().forEach(line -> System.out.println("fabric-tck:   " + line));
        }
        System.out.flush();
    }

    /** Parses the command line. */
    static Launcher.Config parse(String[] args) throws ConfigurationError {
        String driver = null;
        Set<String> windows = new LinkedHashSet<>();
        Set<String> excluded = new LinkedHashSet<>();
        int repeat = 1;
        Path out = null;
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
                case "--out" -> out = Path.of(v);
                case "--reproduce-prefix" -> reproduce = v;
                default -> throw new ConfigurationError("Unknown option " + a
                        + "; the launcher takes --out, --driver, --windows, --exclude, --repeat and --reproduce-prefix.");
            }
        }
        if (out == null) {
            throw new ConfigurationError("Missing --out DIR: where to write fabric-tck-result.json.");
        }
        return new Launcher.Config(driver, windows, excluded, repeat, out, reproduce, seconds("fabric-tck.bound", 1),
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

    private static Duration seconds(String property, long defaultSeconds) throws ConfigurationError {
        String v = System.getProperty(property);
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
