package io.github.fabrictck.maven;

import io.github.fabrictck.explore.Exploration;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The command line of the forked JVM that runs the catalog: the kit's agent attached, the
 * driver's classes named as the ones to rewrite, the launcher as main class.
 *
 * @param jvm                  the {@code java} executable
 * @param argLine              extra JVM arguments, split as {@link #split} does; may be {@code null}
 * @param classesDirectory     the project's classes, which the agent rewrites
 * @param instrumentPackages   comma list of further package prefixes to rewrite; may be {@code null}
 * @param windowTimeoutSeconds the time limit of one window
 * @param agentJar             the kit's jar
 * @param classpath            the fork's class path elements: the kit's ({@link ForkClasspath#kit})
 * @param driverClasspath      the project's runtime class path, which the kit's driver loader loads
 *                             apart from the kit (the agent's argument)
 * @param channelPort          the loopback port of Maven's end of the channel ({@link ForkChannel})
 * @param forkTimeoutSeconds   the fork's time limit, after which (and a grace) it ends itself; 0: none
 * @param driver               the driver's name; {@code null} to let the launcher pick the only one
 * @param windows              comma list of window ids or families; {@code null} for the whole catalog
 * @param excludeWindows       comma list of window ids or families not to run; may be {@code null}
 * @param repeat               how many times to run each window variant
 * @param reproducePrefix      the command line that the reproduce commands start with
 */
record ForkCommand(Path jvm, String argLine, Path classesDirectory, String instrumentPackages,
                   int windowTimeoutSeconds, Path agentJar, List<String> classpath, List<String> driverClasspath, int channelPort, int forkTimeoutSeconds,
                   String driver, String windows, String excludeWindows, int repeat, String reproducePrefix) {

    static final String MAIN_CLASS = "io.github.fabrictck.launcher.Main";

    /** The most repeats of a scripted fork that still compiles with C1 only ({@link #SHORT_RUN_JIT_OPTIONS}). */
    static final int SHORT_RUN_REPEATS = 20;

    /**
     * The JIT options of a short scripted fork: C1 only. Such a fork is over before C2's code pays back its
     * compiling; over longer runs C2 wins (bench/README.md, "The fork's JIT options").
     */
    static final List<String> SHORT_RUN_JIT_OPTIONS = List.of("-XX:TieredStopAtLevel=1");

    /**
     * The JIT options the fork starts with, before the {@code argLine}'s own: an exploring or replaying fork
     * compiles with C2 later ({@link Exploration#FORK_JIT_OPTIONS}); a scripted fork of at most
     * {@link #SHORT_RUN_REPEATS} repeats with C1 only; a longer one with the JVM's defaults.
     */
    static List<String> jitOptions(List<String> argLine, int repeat) {
        if (argLine.stream().anyMatch(a -> a.startsWith("-Dfabric-tck.explore=") || a.startsWith("-Dfabric-tck.replay="))) {
            return Exploration.FORK_JIT_OPTIONS;
        }
        return repeat <= SHORT_RUN_REPEATS ? SHORT_RUN_JIT_OPTIONS : List.of();
    }


    /** The {@code java} of the JVM running Maven. */
    static Path currentJvm() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /**
     * What a window's reproduce command starts with (the launcher adds the driver and the window), to
     * paste at the root of the build: Maven with the module selected, the goals (compiling first), and
     * every setting that is not the default. For example
     * {@code mvn -pl drivers/rdma verify -Dfabric-tck.repeat=20}.
     *
     * @param module   the module's directory relative to the root of the build, empty for the root
     *                 itself, or an absolute path when the module is outside it (then {@code -f})
     * @param goals    what Maven runs, from {@link #reproduceGoals}
     * @param settings the settings that are not the default, property to value, in order
     */
    static String reproducePrefix(String module, String goals, Map<String, String> settings) {
        StringBuilder command = new StringBuilder("mvn");
        if (module != null && !module.isEmpty()) {
            command.append(Path.of(module).isAbsolute() ? " -f " : " -pl ").append(shellWord(module));
        }
        command.append(' ').append(goals);
        settings.forEach((property, value) -> command.append(" -D").append(property).append('=').append(shellWord(value)));
        return command.toString();
    }

    /**
     * The goals a reproduce command runs: {@code verify} when the module's build runs this plugin's
     * {@code run} goal in an execution whose driver and windows the command line may choose (so the
     * classes are compiled and the verdicts judged as in the build); else {@code package} (compiling
     * first) and then the {@code run} goal, version pinned.
     */
    static String reproduceGoals(boolean boundFreely, String groupId, String artifactId, String version) {
        return boundFreely ? "verify" : "package " + groupId + ":" + artifactId + ":" + version + ":run";
    }

    /** Whether a plugin or execution configuration (as Maven's model gives it) pins the driver or the windows. */
    static boolean pinsSelection(Object configuration) {
        return configuration != null
               && java.util.regex.Pattern.compile("<(driver|windows|excludeWindows)[\\s/>]").matcher(configuration.toString()).find();
    }

    /** {@code value} as one word of a POSIX shell: as it is when it is plain, else in single quotes. */
    static String shellWord(String value) {
        if (!value.isEmpty() && value.matches("[A-Za-z0-9_./:=,@%+-]+")) {
            return value;
        }
        return "'" + value.replace("'", "'\\''") + "'";
    }

    /** {@code module} relative to {@code root} as a {@code -pl} path ({@code /} separated), empty for the root, absolute when outside. */
    static String modulePath(Path root, Path module) {
        Path m = module.toAbsolutePath().normalize();
        if (root == null) {
            return m.toString();
        }
        Path r = root.toAbsolutePath().normalize();
        if (!m.startsWith(r)) {
            return m.toString();
        }
        return r.relativize(m).toString().replace(File.separatorChar, '/');
    }

    /** Every argument, the executable first. */
    List<String> arguments() {
        List<String> args = new ArrayList<>();
        args.add(jvm.toString());
        List<String> extra = split(argLine);
        args.addAll(jitOptions(extra, repeat)); // before argLine, so an option given there wins
        args.addAll(extra);
        args.add("-Dnet.bytebuddy.safe=true");
        args.add("-Dfabric-tck.instrument.locations=" + classesDirectory.toAbsolutePath());
        String packages = commaList(instrumentPackages);
        if (!packages.isEmpty()) {
            args.add("-Dfabric-tck.instrument.packages=" + packages);
        }
        args.add("-Dfabric-tck.windowTimeout=" + windowTimeoutSeconds);
        args.add("-javaagent:" + agentJar.toAbsolutePath() + "=" + String.join(File.pathSeparator, driverClasspath));
        args.add("-cp");
        args.add(String.join(File.pathSeparator, classpath));
        args.add(MAIN_CLASS);
        args.add("--channel");
        args.add(Integer.toString(channelPort));
        if (forkTimeoutSeconds > 0) {
            args.add("--fork-timeout");
            args.add(Integer.toString(forkTimeoutSeconds));
        }
        if (driver != null && !driver.isBlank()) {
            args.add("--driver");
            args.add(driver.strip());
        }
        String windowIds = commaList(windows);
        if (!windowIds.isEmpty()) {
            args.add("--windows");
            args.add(windowIds);
        }
        String excluded = commaList(excludeWindows);
        if (!excluded.isEmpty()) {
            args.add("--exclude");
            args.add(excluded);
        }
        if (repeat > 1) {
            args.add("--repeat");
            args.add(Integer.toString(repeat));
        }
        args.add("--reproduce-prefix");
        args.add(reproducePrefix);
        return args;
    }

    /**
     * The arguments of an {@code argLine}, as a shell splits them: on whitespace, except inside
     * single or double quotes, which are removed ({@code -Dx="a b"} is one argument {@code -Dx=a b});
     * inside double quotes and outside quotes a backslash keeps the next character as it is.
     *
     * @throws IllegalArgumentException with the sentence to show when a quote is not closed
     */
    static List<String> split(String argLine) {
        List<String> args = new ArrayList<>();
        if (argLine == null) {
            return args;
        }
        StringBuilder arg = new StringBuilder();
        boolean inArg = false;
        char quote = 0;
        for (int i = 0; i < argLine.length(); i++) {
            char c = argLine.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    arg.append(c);
                }
            } else if (c == '\\' && i + 1 < argLine.length() && (quote == 0 || "\"\\".indexOf(argLine.charAt(i + 1)) >= 0)) {
                arg.append(argLine.charAt(++i));
                inArg = true;
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else {
                    arg.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inArg = true;
            } else if (Character.isWhitespace(c)) {
                if (inArg) {
                    args.add(arg.toString());
                    arg.setLength(0);
                    inArg = false;
                }
            } else {
                arg.append(c);
                inArg = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("fabric-tck.argLine=" + argLine + " has an unclosed " + quote
                    + " quote: close it, or escape it with a backslash.");
        }
        if (inArg) {
            args.add(arg.toString());
        }
        return args;
    }

    /** {@code list} without blanks and spaces around its items: {@code " a, ,b "} is {@code "a,b"}. */
    static String commaList(String list) {
        return String.join(",", items(list));
    }

    /** The items of a comma list, stripped, blanks dropped. */
    static List<String> items(String list) {
        if (list == null) {
            return List.of();
        }
        return Arrays.stream(list.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
