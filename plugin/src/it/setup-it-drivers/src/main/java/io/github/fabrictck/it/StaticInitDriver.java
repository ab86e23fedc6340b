package io.github.fabrictck.it;

/** Driver {@code it-static-init}: its class cannot be initialised, its static initialiser throws. */
public final class StaticInitDriver extends HostileDriver {

    static {
        boom();
    }

    public StaticInitDriver() {
        super("it-static-init");
    }

    private static void boom() {
        throw new RuntimeException("boom in static init");
    }
}
