package io.github.fabrictck.launcher;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** #27: a fork whose JVM loads an agent besides the kit's (a wrapper java, JAVA_TOOL_OPTIONS) refuses to run. */
class SecondAgentTest {

    @Test
    void theKitsAgentAloneRuns() {
        assertNull(Main.secondAgent(List.of("-Xmx1g", "-javaagent:/m2/fabric-tck-0.1.0.jar=/driver.jar",
                "-Dfabric-tck.windowTimeout=60")));
    }

    @Test
    void anyOtherAgentIsRefusedNamingIt() {
        String two = Main.secondAgent(List.of("-javaagent:/tmp/forge.jar", "-javaagent:/m2/fabric-tck-0.1.0.jar=/d"));
        assertTrue(two.contains("2 agents") && two.contains("/tmp/forge.jar") && two.contains("JAVA_TOOL_OPTIONS"), two);
        String nativeAgent = Main.secondAgent(List.of("-agentpath:/tmp/libforge.so", "-javaagent:/m2/fabric-tck.jar"));
        assertTrue(nativeAgent.contains("/tmp/libforge.so"), nativeAgent);
    }
}
