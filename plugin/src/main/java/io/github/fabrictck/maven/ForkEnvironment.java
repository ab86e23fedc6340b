package io.github.fabrictck.maven;

import io.github.fabrictck.report.DriverArtifact;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What the fork gets from the build besides its command line, checked before it starts and recorded in the
 * certificate: the {@code java} executable, the JVM option variables of the environment, and the build's
 * {@code .mvn/} configuration. Each of these can put code ahead of the kit's agent (a wrapper script for
 * {@code fabric-tck.jvm} that adds {@code -javaagent}, {@code JAVA_TOOL_OPTIONS=-javaagent:...}) or change the next
 * build's JVM ({@code .mvn/jvm.config}, {@code .mvn/maven.config} written by a driver during its run). Plain Java,
 * so tests reach every decision without a fork.
 */
final class ForkEnvironment {

    /** The environment variables the JVM, or its {@code java} launcher, reads options from. */
    static final List<String> JVM_OPTION_VARIABLES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    /** The environment variables that make the dynamic linker load native code into the fork before its JVM starts. */
    static final List<String> NATIVE_PRELOAD_VARIABLES = List.of("LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES");

    /** Every variable of the environment that puts options or code into the fork: recorded, and removed where nothing may. */
    static final List<String> RECORDED_VARIABLES = java.util.stream.Stream.concat(JVM_OPTION_VARIABLES.stream(),
            NATIVE_PRELOAD_VARIABLES.stream()).toList();

    private ForkEnvironment() {
    }

    /** The variables of {@link #RECORDED_VARIABLES} that {@code environment} sets, by name. */
    static SortedMap<String, String> jvmOptions(Map<String, String> environment) {
        SortedMap<String, String> set = new TreeMap<>();
        for (String name : RECORDED_VARIABLES) {
            String value = environment.get(name);
            if (value != null && !value.isBlank()) {
                set.put(name, value.strip());
            }
        }
        return set;
    }

    /**
     * One sentence per JVM option variable that would load code other than the kit's into the fork (an agent, the
     * boot class path, an argument file; as {@link RunConfiguration#runsCodeOutsideTheKit} refuses in the argLine).
     * The kit refuses to fork then rather than remove the variable in silence: the build's owner should know.
     */
    static List<String> problems(Map<String, String> environment) {
        List<String> problems = new ArrayList<>();
        for (String name : NATIVE_PRELOAD_VARIABLES) {
            String value = environment.get(name);
            if (value != null && !value.isBlank()) {
                problems.add("The environment variable " + name + "=" + value.strip() + " would load native code into "
                        + "the fork before its JVM starts, ahead of the kit; the kit refuses to fork: unset " + name
                        + " for the Fabric TCK run.");
            }
        }
        jvmOptions(environment).forEach((name, value) -> {
            if (NATIVE_PRELOAD_VARIABLES.contains(name)) {
                return;
            }
            for (String arg : value.split("\\s+")) {
                if (RunConfiguration.runsCodeOutsideTheKit(arg)) {
                    problems.add("The environment variable " + name + " has " + arg + ", which would put code outside "
                            + "the kit into the fork ahead of the kit's agent; the kit refuses to fork: unset " + name
                            + " for the Fabric TCK run.");
                    break;
                }
            }
        });
        return problems;
    }

    /**
     * Why {@code java} cannot be the fork's JVM, in one sentence, or {@code null}: it must be the {@code java} of a
     * JDK or JRE (its real path's {@code ../lib/modules} exists), not a script ({@code #!}) that could add options the
     * kit never sees.
     */
    static String javaProblem(Path java) {
        Path real;
        try {
            real = java.toRealPath();
        } catch (IOException e) {
            return null; // not there: the fork's start says so with the OS's words
        }
        try (InputStream in = Files.newInputStream(real)) {
            byte[] head = in.readNBytes(2);
            if (head.length == 2 && head[0] == '#' && head[1] == '!') {
                return "fabric-tck.jvm=" + java + " is a script, not a java executable: a script can add options the "
                        + "kit never sees (an agent ahead of the kit's); give the bin/java of a JDK.";
            }
        } catch (IOException e) {
            return null;
        }
        Path home = real.getParent() == null ? null : real.getParent().getParent();
        if (home == null || !Files.isRegularFile(home.resolve("lib").resolve("modules"))) {
            return "fabric-tck.jvm=" + java + " (" + real + ") is not the java of a JDK (no lib/modules beside its bin/):"
                   + " give the bin/java of a JDK.";
        }
        return null;
    }

    /** The SHA-256 of {@code java}'s real file, or {@code null} when it cannot be read. */
    static String javaSha256(Path java) {
        try {
            return DriverArtifact.fileSha256(java.toRealPath());
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Every file under the build's {@code .mvn/} directory ({@code root}: the directory Maven calls the multi-module
     * project directory), by path relative to {@code root}, with its SHA-256; empty when there is none. The wrapper's
     * jar and properties are included: they choose the Maven that runs the next build.
     */
    static SortedMap<String, String> mavenConfig(Path root) {
        SortedMap<String, String> files = new TreeMap<>();
        if (root == null) {
            return files;
        }
        Path mvn = root.resolve(".mvn");
        if (!Files.isDirectory(mvn)) {
            return files;
        }
        try (Stream<Path> walk = Files.walk(mvn)) {
            for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                files.put(root.relativize(f).toString().replace('\\', '/'), DriverArtifact.fileSha256(f));
            }
        } catch (IOException e) {
            files.put(".mvn", "unreadable: " + e.getMessage());
        }
        return files;
    }

    /**
     * One sentence per entry of {@code before} (name to SHA-256, as taken before the fork) that {@code after} has
     * changed, removed or added, each saying it happened {@code during} ("while the fork ran": the driver changed
     * {@code what} while it ran; "since the Fabric TCK run", as {@code verify} finds it).
     */
    static List<String> changed(String what, Map<String, String> before, Map<String, String> after, String during) {
        List<String> changes = new ArrayList<>();
        before.forEach((name, sha) -> {
            String now = after.get(name);
            if (now == null) {
                changes.add(what + " " + name + " was removed " + during);
            } else if (!Objects.equals(sha, now)) {
                changes.add(what + " " + name + " changed " + during + " (sha256 " + sha + " before, " + now + " after)");
            }
        });
        after.keySet().stream().filter(name -> !before.containsKey(name))
                .forEach(name -> changes.add(what + " " + name + " appeared " + during));
        return changes;
    }

    /** {@link #changed} while the fork ran: what the driver (or something it started) changed. */
    static List<String> changedDuringRun(String what, Map<String, String> before, Map<String, String> after) {
        return changed(what, before, after, "while the fork ran");
    }
}
