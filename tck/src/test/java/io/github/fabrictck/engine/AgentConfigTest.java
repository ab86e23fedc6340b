package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class AgentConfigTest {

    private static ProtectionDomain from(Path location) throws Exception {
        return new ProtectionDomain(new CodeSource(location.toUri().toURL(), (Certificate[]) null), null);
    }

    @Test
    void classesFromTheDriversLocationAreTheDrivers() throws Exception {
        Path classes = Path.of("target", "driver-classes");
        AgentConfig config = new AgentConfig(List.of(classes), List.of());
        assertTrue(config.isDriverClass("com.example.Driver", from(classes)));
        assertFalse(config.isDriverClass("com.example.Driver", from(Path.of("target", "other.jar"))));
        assertFalse(config.isDriverClass("com.example.Driver", null));
    }

    @Test
    void theKitTheSpiAndTheJdkAreNeverRewritten() throws Exception {
        Path classes = Path.of("target", "driver-classes");
        AgentConfig config = new AgentConfig(List.of(classes), List.of("io.github."));
        assertFalse(config.isDriverClass("io.github.fabrictck.spi.Driver", from(classes)));
        assertFalse(config.isDriverClass("io.github.fabrictck.engine.Points", from(classes)));
        // the exploration's scheduler synchronises on its own monitors: rewritten, it would stop at its own points
        assertFalse(config.isDriverClass("io.github.fabrictck.explore.Controller", from(classes)));
        assertFalse(config.isDriverClass("io.github.fabrictck.docs.SitePages", from(classes)));
        assertTrue(AgentConfig.isKitClass("io.github.fabrictck.explore.Controller"));
        assertFalse(config.isDriverClass("java.util.ArrayList", from(classes)));
        assertTrue(config.isDriverClass("io.github.other.Driver", null));
    }

    @Test
    void systemPropertiesGiveLocationsAndPackages() {
        Properties p = new Properties();
        p.setProperty(AgentConfig.LOCATIONS, "a" + File.pathSeparator + " b ");
        p.setProperty(AgentConfig.PACKAGES, "com.example, org.acme.");
        AgentConfig config = AgentConfig.fromSystemProperties(p);
        assertEquals(List.of(Path.of("a").toAbsolutePath(), Path.of("b").toAbsolutePath()), config.locations());
        assertEquals(List.of("com.example.", "org.acme."), config.packages());
        assertTrue(AgentConfig.fromSystemProperties(new Properties()).isEmpty());
    }
}
