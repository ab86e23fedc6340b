package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.maven.ForkClasspath.Jar;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForkClasspathTest {

    private static final String PLUGIN = "io.github.fabrictck:fabric-tck-maven-plugin";

    private final List<Jar> pluginJars = List.of(
            new Jar("io.github.fabrictck", "fabric-tck-maven-plugin", Path.of("/m2/plugin.jar")),
            new Jar("io.github.fabrictck", "fabric-tck", Path.of("/m2/tck.jar")),
            new Jar("io.github.fabrictck", "fabric-tck-spi", Path.of("/m2/spi.jar")),
            new Jar("net.bytebuddy", "byte-buddy", Path.of("/m2/byte-buddy-1.18.jar")),
            new Jar("org.awaitility", "awaitility", Path.of("/m2/awaitility.jar")));

    @Test
    void theForksClassPathIsTheKitWithoutThePluginItself() {
        assertEquals(List.of(Path.of("/m2/tck.jar").toString(), Path.of("/m2/spi.jar").toString(),
                Path.of("/m2/byte-buddy-1.18.jar").toString(), Path.of("/m2/awaitility.jar").toString()),
                ForkClasspath.kit(pluginJars, PLUGIN));
    }

    @Test
    void jacksonOfMavensProcessNeverReachesTheFork() {
        List<Jar> withJackson = new java.util.ArrayList<>(pluginJars);
        withJackson.add(new Jar("com.fasterxml.jackson.core", "jackson-databind", Path.of("/m2/jackson-databind-2.23.0.jar")));
        withJackson.add(new Jar("com.fasterxml.jackson.core", "jackson-core", Path.of("/m2/jackson-core-2.23.0.jar")));
        withJackson.add(new Jar("com.fasterxml.jackson.core", "jackson-annotations", Path.of("/m2/jackson-annotations-2.23.jar")));
        List<String> classpath = ForkClasspath.kit(withJackson, PLUGIN);
        assertEquals(ForkClasspath.kit(pluginJars, PLUGIN), classpath);
        assertTrue(classpath.stream().noneMatch(e -> e.contains("jackson")), classpath.toString());
    }

    @Test
    void withTrailsOnlyTheKitAndWhatItDependsOnReachTheFork() {
        String plugin = "io.github.fabrictck:fabric-tck-maven-plugin:maven-plugin:1.0";
        String kit = "io.github.fabrictck:fabric-tck:jar:1.0";
        List<Jar> jars = List.of(
                new Jar("io.github.fabrictck", "fabric-tck-maven-plugin", Path.of("/m2/plugin.jar"), List.of(plugin)),
                new Jar("io.github.fabrictck", "fabric-tck", Path.of("/m2/tck.jar"), List.of(plugin, kit)),
                new Jar("net.bytebuddy", "byte-buddy", Path.of("/m2/byte-buddy.jar"),
                        List.of(plugin, kit, "net.bytebuddy:byte-buddy:jar:1.18")),
                new Jar("org.apache.maven.doxia", "doxia-core", Path.of("/m2/doxia-core.jar"),
                        List.of(plugin, "org.apache.maven.reporting:maven-reporting-impl:jar:4.0",
                                "org.apache.maven.doxia:doxia-core:jar:2.0")),
                new Jar("org.apache.velocity", "velocity-engine-core", Path.of("/m2/velocity.jar"),
                        List.of(plugin, "org.apache.velocity:velocity-engine-core:jar:2.4")));
        assertEquals(List.of(Path.of("/m2/tck.jar").toString(), Path.of("/m2/byte-buddy.jar").toString()),
                ForkClasspath.kit(jars, PLUGIN),
                "the report goal's Doxia and Velocity stay in Maven's process");
    }

    @Test
    void agentIsTheKitJar() {
        assertEquals(Path.of("/m2/tck.jar"), ForkClasspath.agentJar(pluginJars));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ForkClasspath.agentJar(pluginJars.subList(2, 4)));
        assertEquals("The plugin's dependencies do not include io.github.fabrictck:fabric-tck, the agent jar; "
                + "the plugin's installation is broken.", e.getMessage());
    }
}
