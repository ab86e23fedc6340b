package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The directory a third party's recheck works in (issue #27, item 6). */
class RecheckDirectoryTest {

    @TempDir
    Path dir;

    @Test
    void theDefaultIsNamedByTheCertificatesHash() {
        assertEquals(dir.resolve("fabric-tck-recheck/0123456789ab"),
                RecheckDirectory.defaultFor(dir, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"));
    }

    @Test
    void aNewOrEmptyDirectoryIsTakenAnyOtherRefused() throws IOException {
        assertNull(RecheckDirectory.problem(dir.resolve("new")));
        assertNull(RecheckDirectory.problem(dir));
        Files.writeString(dir.resolve("left-over.txt"), "x");
        assertEquals("The recheck directory " + dir + " is not empty (an earlier recheck?): remove it, or give a new "
                + "directory with -Dfabric-tck.recheckDirectory=DIR.", RecheckDirectory.problem(dir));
        assertEquals("The recheck directory " + dir.resolve("left-over.txt") + " is a file: give a new directory with "
                + "-Dfabric-tck.recheckDirectory=DIR.", RecheckDirectory.problem(dir.resolve("left-over.txt")));
    }
}
