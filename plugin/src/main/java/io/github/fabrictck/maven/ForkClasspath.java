package io.github.fabrictck.maven;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The forked JVM's class path: the project's runtime class path (its classes directory first), then
 * the kit's jars that the project does not already bring, so that the driver sees one copy of the
 * SPI and its own versions of shared libraries. The libraries the plugin uses only in Maven's process
 * (Jackson, which writes the result and the certificate there) never go into the fork: a driver may
 * bring its own Jackson, and the fork's side of the channel needs none.
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
     */
    record Jar(String groupId, String artifactId, Path file) {

        String key() {
            return groupId + ":" + artifactId;
        }
    }

    /**
     * @param projectElements the project's runtime class path elements, classes directory first
     * @param projectKeys     {@code groupId:artifactId} of every artifact the project resolved
     * @param pluginJars      the plugin's runtime artifacts, the plugin's own among them
     * @param pluginKey       {@code groupId:artifactId} of the plugin itself
     */
    static List<String> assemble(List<String> projectElements, Collection<String> projectKeys, List<Jar> pluginJars,
                                 String pluginKey) {
        Set<String> elements = new LinkedHashSet<>(projectElements);
        for (Jar jar : pluginJars) {
            if (jar.file() != null && !jar.key().equals(pluginKey) && !projectKeys.contains(jar.key())
                && !mavenProcessOnly(jar)) {
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
