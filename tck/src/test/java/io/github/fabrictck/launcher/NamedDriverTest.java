package io.github.fabrictck.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.fixtures.FixtureDrivers;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.Family;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NamedDriverTest {

    /** Two drivers that carry the same name (a copy left behind). */
    public static final class TwinA extends FixtureDrivers.Named {
        public TwinA() {
            super("twin", Set.of(Family.COMPLETION_QUEUE));
        }
    }

    public static final class TwinB extends FixtureDrivers.Named {
        public TwinB() {
            super("twin", Set.of(Family.COMPLETION_QUEUE));
        }
    }

    /** The test's class path, with a service file of its own and a record of the classes asked for by name. */
    private static final class Listing extends ClassLoader {
        final List<String> loaded = new ArrayList<>();
        private final URL services;

        Listing(Path dir, Class<?>... providers) {
            super(NamedDriverTest.class.getClassLoader());
            try {
                Path file = dir.resolve("services");
                StringBuilder text = new StringBuilder("# providers\n");
                for (Class<?> p : providers) {
                    text.append(p.getName()).append("  # a comment\n");
                }
                Files.writeString(file, text, StandardCharsets.UTF_8);
                services = file.toUri().toURL();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("io.github.fabrictck.fixtures.") || name.contains("NamedDriverTest$")) {
                loaded.add(name);
            }
            return super.loadClass(name, resolve);
        }

        @Override
        public Enumeration<URL> getResources(String name) throws IOException {
            return name.equals("META-INF/services/" + Driver.class.getName())
                    ? Collections.enumeration(List.of(services)) : super.getResources(name);
        }

        @Override
        public InputStream getResourceAsStream(String name) {
            return getParent().getResourceAsStream(name);
        }
    }

    @Test
    void aDriverNamedByALiteralIsTheOnlyOneLoaded(@TempDir Path dir) throws ConfigurationError {
        Listing loader = new Listing(dir, FixtureDrivers.EventMeansCompletion.class, FixtureDrivers.NeverRearms.class,
                FixtureDrivers.Exits.class);
        Driver d = Launcher.selectDriver(loader, "fixture-never-rearms");
        assertInstanceOf(FixtureDrivers.NeverRearms.class, d);
        assertEquals(List.of(FixtureDrivers.NeverRearms.class.getName()), loader.loaded);
    }

    @Test
    void anUnknownNameStillListsEveryDriver(@TempDir Path dir) {
        Listing loader = new Listing(dir, FixtureDrivers.EventMeansCompletion.class, FixtureDrivers.NeverRearms.class);
        assertNull(NamedDriver.find(loader, "nope"));
        ConfigurationError e = assertThrows(ConfigurationError.class, () -> Launcher.selectDriver(loader, "nope"));
        assertEquals("No driver named 'nope' on the class path; found: fixture-event-means-completion, fixture-never-rearms."
                + " Fix -Dfabric-tck.driver.", e.getMessage());
    }

    @Test
    void twoDriversOfOneNameAreStillRefused(@TempDir Path dir) {
        Listing loader = new Listing(dir, FixtureDrivers.NeverRearms.class, TwinA.class, TwinB.class);
        assertNull(NamedDriver.find(loader, "twin"));
        ConfigurationError e = assertThrows(ConfigurationError.class, () -> Launcher.selectDriver(loader, "twin"));
        assertEquals("2 drivers are named 'twin' (" + TwinA.class.getName() + ", " + TwinB.class.getName()
                + "): driver names must be unique.", e.getMessage());
    }

    @Test
    void withoutANameEveryDriverIsAskedForItsOwn(@TempDir Path dir) {
        Listing loader = new Listing(dir, FixtureDrivers.EventMeansCompletion.class, FixtureDrivers.NeverRearms.class);
        ConfigurationError e = assertThrows(ConfigurationError.class, () -> Launcher.selectDriver(loader, null));
        assertEquals("2 drivers found (fixture-event-means-completion, fixture-never-rearms): choose one with"
                + " -Dfabric-tck.driver=NAME.", e.getMessage());
        assertTrue(NamedDriver.find(loader, " ") == null);
    }

    @Test
    void theConstantPoolIsReadPastLongsAndDoubles() throws IOException {
        long big = 1234567890123L;
        double half = 0.123456789;
        String after = "a literal after a long " + big + " and a double " + half;
        byte[] bytes;
        try (InputStream in = NamedDriverTest.class.getResourceAsStream("NamedDriverTest.class")) {
            bytes = in.readAllBytes();
        }
        Set<String> literals = NamedDriver.stringLiterals(bytes);
        assertTrue(literals.contains("twin"), literals::toString);
        assertTrue(literals.contains("# providers\n"), literals::toString);
        assertTrue(after.length() > 0);
    }
}
