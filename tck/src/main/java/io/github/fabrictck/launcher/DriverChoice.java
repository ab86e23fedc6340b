package io.github.fabrictck.launcher;

import io.github.fabrictck.spi.Driver;
import java.util.List;
import java.util.stream.Collectors;

/** Chooses the driver to judge among those found, or says in one sentence what to change. */
public final class DriverChoice {

    private DriverChoice() {
    }

    /** The sentence for a class path without any driver. */
    public static String noDriverFound() {
        return "No Fabric TCK driver found on the class path: list your implementation of " + Driver.class.getName()
                + " in META-INF/services/" + Driver.class.getName() + ".";
    }

    /** The sentence for several drivers and none chosen. */
    public static String severalDrivers(List<String> names) {
        return names.size() + " drivers found (" + names.stream().sorted().collect(Collectors.joining(", "))
                + "): choose one with -Dfabric-tck.driver=NAME.";
    }

    static Driver choose(List<Driver> found, String name) throws ConfigurationError {
        String names = found.stream().map(Driver::name).sorted().collect(Collectors.joining(", "));
        if (found.isEmpty()) {
            throw new ConfigurationError(noDriverFound());
        }
        if (name == null || name.isBlank()) {
            if (found.size() > 1) {
                throw new ConfigurationError(severalDrivers(found.stream().map(Driver::name).toList()));
            }
            return found.get(0);
        }
        List<Driver> named = found.stream().filter(d -> name.equals(d.name())).toList();
        if (named.isEmpty()) {
            throw new ConfigurationError("No driver named '" + name + "' on the class path; found: " + names
                    + ". Fix -Dfabric-tck.driver.");
        }
        if (named.size() > 1) {
            throw new ConfigurationError(named.size() + " drivers are named '" + name + "' ("
                    + named.stream().map(d -> d.getClass().getName()).collect(Collectors.joining(", "))
                    + "): driver names must be unique.");
        }
        return named.get(0);
    }
}
