package com.acme.quiet;

/** The declared library: one class that calls its boundary, so the adapter's declaration holds. */
public final class Lib {
    private Lib() {
    }

    public static int use(Device d) {
        return d.poke(1);
    }
}
