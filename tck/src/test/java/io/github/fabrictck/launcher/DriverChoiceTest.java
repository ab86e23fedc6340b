package io.github.fabrictck.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.fabrictck.fixtures.FixtureDrivers;
import io.github.fabrictck.spi.Driver;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DriverChoiceTest {

    private static Driver named(String name) {
        return new FixtureDrivers.Named(name, Set.of());
    }

    @Test
    void theOnlyDriverIsChosenWithoutAName() throws ConfigurationError {
        Driver d = named("solo");
        assertSame(d, DriverChoice.choose(List.of(d), null));
    }

    @Test
    void noDriverSaysWhereToListOne() {
        ConfigurationError e = assertThrows(ConfigurationError.class, () -> DriverChoice.choose(List.of(), null));
        assertEquals("No Fabric TCK driver found on the class path: list your implementation of io.github.fabrictck.spi.Driver"
                + " in META-INF/services/io.github.fabrictck.spi.Driver.", e.getMessage());
    }

    @Test
    void severalDriversNeedAName() {
        ConfigurationError e = assertThrows(ConfigurationError.class,
                () -> DriverChoice.choose(List.of(named("b"), named("a")), " "));
        assertEquals("2 drivers found (a, b): choose one with -Dfabric-tck.driver=NAME.", e.getMessage());
    }

    @Test
    void anUnknownNameListsTheDriversFound() throws ConfigurationError {
        Driver a = named("a");
        assertSame(a, DriverChoice.choose(List.of(a, named("b")), "a"));
        ConfigurationError e = assertThrows(ConfigurationError.class,
                () -> DriverChoice.choose(List.of(a, named("b")), "c"));
        assertEquals("No driver named 'c' on the class path; found: a, b. Fix -Dfabric-tck.driver.", e.getMessage());
    }
}
