package io.github.fabrictck.spi.cs;

/** How a connection carries the application's bytes once set up. */
public enum Mode {
    /** Over the fast-path link. */
    FAST_PATH,
    /** Over the control stream, which becomes a plain byte stream (TCP fallback). */
    FALLBACK
}
