package io.github.fabrictck.maven;

import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A run's configuration as the plugin's parameters give it, in plain Java: checked against the
 * documented ranges before the fork ({@link #problems}), turned into the settings the fork will
 * report ({@link #forkSettings}) and the ones in effect ({@link #effective}), or rebuilt from a
 * certificate ({@link #of(Certificate)}) for {@code recheck}.
 *
 * @param driver             the driver's name, or {@code null}
 * @param windows            comma list of window ids or families, or {@code null} for all
 * @param excludeWindows     comma list of window ids or families not to run, or {@code null}
 * @param repeat             {@code fabric-tck.repeat}, as given
 * @param windowTimeout      {@code fabric-tck.windowTimeout} in seconds, as given
 * @param forkTimeout        {@code fabric-tck.forkTimeout} in seconds, as given
 * @param argLine            extra JVM arguments of the fork, or {@code null}
 * @param instrumentPackages comma list of package prefixes, or {@code null}
 */
record RunConfiguration(String driver, String windows, String excludeWindows, String repeat, String windowTimeout,
                        String forkTimeout, String argLine, String instrumentPackages) {

    private static final Pattern PACKAGE = Pattern.compile("\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*"
            + "(\\.\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*)*");

    /**
     * Every setting out of its range, one sentence each naming the property, the value and the
     * range; empty when all is well. Nothing here runs driver code.
     *
     * @param jvm the {@code fabric-tck.jvm} given, or {@code null} when none was
     */
    List<String> problems(Path jvm) {
        List<String> problems = new ArrayList<>();
        check(problems, "repeat", repeat);
        check(problems, "windowTimeout", windowTimeout);
        check(problems, "forkTimeout", forkTimeout);
        try {
            problems.addAll(Settings.argLineProblems(argLineProperties()));
        } catch (IllegalArgumentException unclosed) {
            problems.add(unclosed.getMessage());
        }
        try {
            for (String arg : ForkCommand.split(argLine)) {
                if (runsCodeOutsideTheKit(arg)) {
                    problems.add("fabric-tck.argLine has " + arg + ", which would put code outside the kit into the "
                            + "fork ahead of the kit's agent, where it could answer for the launcher; the kit refuses "
                            + "it: run agents, class paths and argument files outside a Fabric TCK run.");
                }
            }
        } catch (IllegalArgumentException unclosed) {
            // said above
        }
        for (String p : ForkCommand.items(instrumentPackages)) {
            if (!PACKAGE.matcher(p).matches()) {
                problems.add("fabric-tck.instrumentPackages names " + p + ", which is not a Java package name: "
                        + "give a comma list such as com.acme.core,com.acme.util.");
            }
        }
        if (jvm != null && !(Files.isRegularFile(jvm) && Files.isExecutable(jvm))) {
            problems.add("fabric-tck.jvm=" + jvm + " is not an executable file: give the path of a java executable, "
                    + "for example $JAVA_HOME/bin/java.");
        }
        return problems;
    }

    /** JVM options that load code other than the kit's, or options from elsewhere, before the kit's own agent runs. */
    private static final List<String> OUTSIDE_CODE = List.of("-javaagent", "-agentpath", "-agentlib", "-Xbootclasspath",
            "-XX:VMOptionsFile", "-Djava.system.class.loader", "-Djdk.attach.allowAttachSelf", "-cp", "-classpath",
            "--class-path", "-jar", "--module-path", "-p", "--upgrade-module-path", "--patch-module", "-splash");

    /** Whether a fork argument loads code the kit did not put there ({@code @file} reads more arguments from a file). */
    static boolean runsCodeOutsideTheKit(String arg) {
        if (arg.startsWith("@")) {
            return true;
        }
        for (String option : OUTSIDE_CODE) {
            if (arg.equals(option) || arg.startsWith(option + ":") || arg.startsWith(option + "=")
                    || arg.startsWith(option + "/")) {
                return true;
            }
        }
        return false;
    }

    private static void check(List<String> problems, String name, String value) {
        Settings.Setting s = Settings.of(Settings.PREFIX + name);
        String problem = s.check(value == null ? s.defaultValue() : value);
        if (problem != null) {
            problems.add(problem);
        }
    }

    int repeatCount() {
        return whole(repeat, "repeat");
    }

    int windowTimeoutSeconds() {
        return whole(windowTimeout, "windowTimeout");
    }

    int forkTimeoutSeconds() {
        return whole(forkTimeout, "forkTimeout");
    }

    private static int whole(String value, String name) {
        return Integer.parseInt(value == null ? Settings.of(Settings.PREFIX + name).defaultValue() : value.strip());
    }

    /** The {@code -Dfabric-tck.NAME=VALUE} of the argLine, by name, in order ({@code -Dfabric-tck.debug} is empty). */
    Map<String, String> argLineProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        for (String arg : ForkCommand.split(argLine)) {
            if (arg.startsWith("-D" + Settings.PREFIX)) {
                int eq = arg.indexOf('=');
                properties.put(eq < 0 ? arg.substring(2) : arg.substring(2, eq), eq < 0 ? "" : arg.substring(eq + 1));
            }
        }
        return properties;
    }

    /**
     * The {@code fabric-tck.*} system properties the fork will report (but the classes directory's
     * path): those of the argLine, the window timeout and the instrumented packages.
     */
    SortedMap<String, String> forkSettings() {
        SortedMap<String, String> settings = new TreeMap<>(argLineProperties());
        settings.put(Settings.PREFIX + "windowTimeout", Integer.toString(windowTimeoutSeconds()));
        String packages = ForkCommand.commaList(instrumentPackages);
        if (!packages.isEmpty()) {
            settings.put(Settings.PREFIX + "instrument.packages", packages);
        }
        return settings;
    }

    /**
     * The plugin's own settings, which the fork does not see, and {@code fabric-tck.argLine}: the
     * argLine's arguments other than its {@code -Dfabric-tck.*} settings (recorded one by one), when
     * it has any. A system property the driver or its adapter reads ({@code -Dcom.acme.mode=lax}) can
     * change what runs as much as a setting can, so a certificate records it and {@code verify}
     * refuses a build that configures another.
     */
    Map<String, String> parameters() {
        Map<String, String> parameters = new TreeMap<>();
        parameters.put(Settings.PREFIX + "repeat", Integer.toString(repeatCount()));
        parameters.put(Settings.PREFIX + "forkTimeout", Integer.toString(forkTimeoutSeconds()));
        String others = otherArguments();
        if (!others.isEmpty()) {
            parameters.put(Settings.PREFIX + "argLine", others);
        }
        return parameters;
    }

    /** The argLine's arguments but its {@code -Dfabric-tck.*} settings, joined so that {@link ForkCommand#split} splits them again. */
    String otherArguments() {
        StringBuilder line = new StringBuilder();
        for (String arg : ForkCommand.split(argLine)) {
            if (!arg.startsWith("-D" + Settings.PREFIX)) {
                line.append(line.length() == 0 ? "" : " ").append(arg.matches("[^\\s\"'\\\\]+") ? arg
                        : '"' + arg.replace("\\", "\\\\").replace("\"", "\\\"") + '"');
            }
        }
        return line.toString();
    }

    /** Every setting in effect under this configuration, as a certificate records them. */
    SortedMap<String, String> effective() {
        Map<String, String> explicit = new TreeMap<>(forkSettings());
        explicit.putAll(parameters());
        return Settings.effective(explicit);
    }

    /**
     * The configuration a certificate records, to run it again: its driver, its selected windows
     * (and its exclusions, which then change nothing but are recorded again), each setting read in
     * the fork through the argLine, and the plugin's own settings.
     */
    static RunConfiguration of(Certificate c) {
        StringBuilder argLine = new StringBuilder();
        Map<String, String> s = c.settings();
        for (String property : Settings.forkProperties()) {
            String value = s.get(property);
            if (value != null) {
                argLine.append(argLine.isEmpty() ? "" : " ").append("-D").append(property).append('=').append(value);
            }
        }
        String others = s.get(Settings.PREFIX + "argLine");
        if (others != null && !others.isBlank()) {
            argLine.append(argLine.isEmpty() ? "" : " ").append(others);
        }
        return new RunConfiguration(c.driver() == null ? null : c.driver().name(), String.join(",", c.selected()),
                String.join(",", c.excluded()), s.get(Settings.PREFIX + "repeat"),
                s.get(Settings.PREFIX + "windowTimeout"), s.get(Settings.PREFIX + "forkTimeout"), argLine.toString(),
                s.get(Settings.PREFIX + "instrument.packages"));
    }
}
