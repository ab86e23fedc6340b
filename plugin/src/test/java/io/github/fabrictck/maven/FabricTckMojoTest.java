package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class FabricTckMojoTest {

    @Test
    void aMessageNamesThePropertyTheUserSet() {
        Properties user = new Properties();
        user.setProperty("maven.test.failure.ignore", "true");
        String[] names = {"fabric-tck.testFailureIgnore", "maven.test.failure.ignore"};
        assertEquals("maven.test.failure.ignore", FabricTckMojo.firstSet(names, user, new Properties()));
        Properties project = new Properties();
        project.setProperty("fabric-tck.testFailureIgnore", "true");
        assertEquals("fabric-tck.testFailureIgnore", FabricTckMojo.firstSet(names, user, project));
        assertNull(FabricTckMojo.firstSet(names, new Properties()), "configured in the POM, no property set");
    }

    @Test
    void underParallelBuildsEachProgressLineNamesTheDriver() {
        List<String> lines = new ArrayList<>();
        Consumer<String> log = lines::add;
        assertSame(log, FabricTckMojo.progressLog(log, false, "sample", "module"));
        FabricTckMojo.progressLog(log, true, " sample ", "module").accept("fabric-tck: CQ-1/a PASS (12 ms)");
        FabricTckMojo.progressLog(log, true, null, "rdma-driver").accept("fabric-tck: CQ-2 FAIL (3 ms)");
        assertEquals(List.of("[module sample] fabric-tck: CQ-1/a PASS (12 ms)", "[rdma-driver] fabric-tck: CQ-2 FAIL (3 ms)"),
                lines);
    }
}
