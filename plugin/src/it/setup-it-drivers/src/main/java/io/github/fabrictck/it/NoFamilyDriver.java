package io.github.fabrictck.it;

import io.github.fabrictck.spi.Family;
import java.util.EnumSet;
import java.util.Set;

/**
 * Driver {@code it-no-family}: declares no family, so every window is NOT_APPLICABLE. It passes
 * whatever it is given, and must never be called certified.
 */
public final class NoFamilyDriver extends HostileDriver {

    public NoFamilyDriver() {
        super("it-no-family");
    }

    @Override
    public Set<Family> families() {
        return EnumSet.noneOf(Family.class);
    }
}
