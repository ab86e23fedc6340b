package io.github.fabrictck.maven;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The forked JVM's two class paths. The JVM's own ({@code -cp}) holds the kit's jar and the jars it
 * depends on, as the plugin resolved them; the driver's classes are loaded apart, from the
 * project's runtime class path (its classes directory first), by the kit's driver loader (the
 * agent's argument), which lets driver code name only the kit's SPI. So the driver sees its own
 * versions of shared libraries and one copy of the SPI, the kit's. What the plugin uses only in
 * Maven's process never goes into the fork: the Maven API, the report goal's Doxia and Velocity
 * stack, Jackson (which writes the result and the certificate there). A driver may bring its own
 * versions of any of them, and the fork's side of the channel needs none.
 */
final class ForkClasspath {

    /** The artifact of the kit, which is also the agent jar. */
    static final String KIT_GROUP_ID = "io.github.fabrictck";
    static final String KIT_ARTIFACT_ID = "fabric-tck";

    /** The group ids (and their sub-groups) of the libraries the plugin uses only in Maven's process. */
    static final List<String> MAVEN_PROCESS_ONLY = List.of("com.fasterxml.jackson");

    private ForkClasspath() {
    }

    /**
     * A jar the plugin resolved.
     *
     * @param groupId    its group id
     * @param artifactId its artifact id
     * @param file       where it is, or {@code null} when it was not resolved
     * @param trail      how the plugin came to depend on it ({@code groupId:artifactId:type:version}
     *                   entries from the plugin down, as Maven records them), empty when not known
     */
    record Jar(String groupId, String artifactId, Path file, List<String> trail) {

        Jar(String groupId, String artifactId, Path file) {
            this(groupId, artifactId, file, List.of());
        }

        Jar {
            trail = trail == null ? List.of() : List.copyOf(trail);
        }

        String key() {
            return groupId + ":" + artifactId;
        }

        /** Whether this is the kit's jar or one the kit depends on, as far as the trail tells. */
        boolean ofTheKit() {
            String kit = KIT_GROUP_ID + ":" + KIT_ARTIFACT_ID;
            return key().equals(kit) || trail.stream().anyMatch(t -> t.equals(kit) || t.startsWith(kit + ":"));
        }
    }

    /**
     * The fork's own class path: the kit and what it depends on.
     *
     * @param pluginJars the plugin's runtime artifacts, the plugin's own among them
     * @param pluginKey  {@code groupId:artifactId} of the plugin itself
     */
    static List<String> kit(List<Jar> pluginJars, String pluginKey) {
        Set<String> elements = new LinkedHashSet<>();
        // Maven records each plugin artifact's trail; without trails (an older Maven), all but the known
        // Maven-process-only libraries go, as before
        boolean trailsKnown = pluginJars.stream().anyMatch(jar -> !jar.trail().isEmpty());
        for (Jar jar : pluginJars) {
            if (jar.file() != null && !jar.key().equals(pluginKey) && !mavenProcessOnly(jar)
                && (!trailsKnown || jar.ofTheKit())) {
                elements.add(jar.file().toString());
            }
        }
        return new ArrayList<>(elements);
    }

    private static boolean mavenProcessOnly(Jar jar) {
        return MAVEN_PROCESS_ONLY.stream().anyMatch(g -> jar.groupId().equals(g) || jar.groupId().startsWith(g + "."));
    }

    /** The kit's jar among the plugin's artifacts: the fork's {@code -javaagent}. */
    static Path agentJar(List<Jar> pluginJars) {
        return pluginJars.stream()
                .filter(jar -> jar.groupId().equals(KIT_GROUP_ID) && jar.artifactId().equals(KIT_ARTIFACT_ID))
                .map(Jar::file)
                .filter(file -> file != null)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("The plugin's dependencies do not include "
                        + KIT_GROUP_ID + ":" + KIT_ARTIFACT_ID + ", the agent jar; the plugin's installation is broken."));
    }
}
