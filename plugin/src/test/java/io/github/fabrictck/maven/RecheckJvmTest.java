package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.fabrictck.report.Result;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which JVM a third party's recheck may fork (issue #27, item 6). */
class RecheckJvmTest {

    @Test
    void theFeatureVersion() {
        assertEquals(17, RecheckJvm.feature("17.0.15"));
        assertEquals(21, RecheckJvm.feature("21"));
        assertEquals(25, RecheckJvm.feature("25-ea"));
        assertEquals(8, RecheckJvm.feature("1.8.0_402"));
        assertEquals(-1, RecheckJvm.feature(null));
        assertEquals(-1, RecheckJvm.feature("unknown"));
    }

    @Test
    void anotherFeatureVersionIsRefusedNamingBothAndTheProperty() {
        Result.JvmInfo at = new Result.JvmInfo("17.0.15", "Debian");
        String refusal = RecheckJvm.refusal(at, new Result.JvmInfo("21.0.2", "Eclipse Adoptium"), Path.of("/jdk21/bin/java"));
        assertEquals("The certificate's run was on Java 17.0.15 (Debian) and this recheck's JVM /jdk21/bin/java is Java "
                + "21.0.2 (Eclipse Adoptium): give a Java 17 with -Dfabric-tck.jvm=/path/to/jdk-17/bin/java.", refusal);
    }

    @Test
    void anotherUpdateIsAWarningAndTheSameJvmNothing() {
        Result.JvmInfo at = new Result.JvmInfo("17.0.15", "Debian");
        assertNull(RecheckJvm.refusal(at, new Result.JvmInfo("17.0.9", "Eclipse Adoptium"), Path.of("java")));
        assertEquals("Fabric TCK recheck: the certificate's run was on Java 17.0.15 (Debian), this recheck runs on Java "
                + "17.0.9 (Eclipse Adoptium); the same feature version, so verdicts should agree, but a difference may "
                + "come from the JVM.", RecheckJvm.warning(at, new Result.JvmInfo("17.0.9", "Eclipse Adoptium")));
        assertNull(RecheckJvm.warning(at, new Result.JvmInfo("17.0.15", "Debian")));
        // a certificate that names no JVM: nothing to compare
        assertNull(RecheckJvm.refusal(null, at, Path.of("java")));
        assertNull(RecheckJvm.warning(null, at));
    }

    @Test
    void theVersionOfAJavaExecutable() throws IOException {
        assertEquals(new Result.JvmInfo("21.0.2", "Oracle Corporation"), RecheckJvm.parse(List.of("Property settings:",
                "    java.vendor = Oracle Corporation", "    java.vendor.url = https://java.oracle.com/",
                "    java.version = 21.0.2", "    java.version.date = 2024-01-16", "openjdk version \"21.0.2\"")));
        // the JVM running Maven answers for itself
        assertEquals(System.getProperty("java.version"), RecheckJvm.of(ForkCommand.currentJvm()).version());
    }
}
