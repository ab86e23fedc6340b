package io.github.fabrictck.engine;

/**
 * A map key by identity, not equality: two equal queues are two things to wait on, two equal
 * locks two locks.
 */
record Identity(Object o) {
    @Override
    public boolean equals(Object other) {
        return other instanceof Identity i && i.o == o;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(o);
    }
}
