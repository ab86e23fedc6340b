package io.github.fabrictck.it;

import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.Family;
import java.util.EnumSet;
import java.util.Set;

/**
 * A hostile fixture driver of the plugin's integration tests: a name and the completion-queue
 * family. None is listed in the it-drivers jar's services file; an IT project lists the one it
 * judges in its own {@code META-INF/services/io.github.fabrictck.spi.Driver}.
 */
abstract class HostileDriver implements Driver {

    private final String name;

    HostileDriver(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String version() {
        return "it";
    }

    @Override
    public Set<Family> families() {
        return EnumSet.of(Family.COMPLETION_QUEUE);
    }
}
