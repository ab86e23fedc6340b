package io.github.fabrictck.spi.hs;

import java.util.Objects;

/**
 * A peer's address on the fabric, as {@code 17@kfi}. Peers are ordered by name, which protocols
 * use to break ties (the higher address wins a connection race).
 *
 * @param name the address
 */
public record PeerId(String name) implements Comparable<PeerId> {

    /** Checks the name. */
    public PeerId {
        Objects.requireNonNull(name, "name");
    }

    @Override
    public int compareTo(PeerId other) {
        return name.compareTo(other.name);
    }

    @Override
    public String toString() {
        return name;
    }
}
