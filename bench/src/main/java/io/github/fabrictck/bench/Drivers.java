package io.github.fabrictck.bench;

import io.github.fabrictck.spi.Driver;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Finds a driver of the class path by name, as the kit's launcher does. */
public final class Drivers {

    private Drivers() {
    }

    /** The driver called {@code name}. */
    public static Driver byName(String name) {
        List<String> found = new ArrayList<>();
        for (Driver d : ServiceLoader.load(Driver.class)) {
            if (d.name().equals(name)) {
                return d;
            }
            found.add(d.name());
        }
        throw new IllegalArgumentException("No driver named '" + name + "' on the class path; found: " + found);
    }
}
