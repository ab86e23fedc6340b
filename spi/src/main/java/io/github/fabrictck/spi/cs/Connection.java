package io.github.fabrictck.spi.cs;

/** A connection once set up (driver side). */
public interface Connection {

    /** How it carries the application's bytes. */
    Mode mode();

    /**
     * Sends the application's bytes to the peer application, over the fast path or, after a
     * fallback, over the control stream. Never blocks.
     *
     * @param bytes the bytes; the caller will not change the array afterwards
     */
    void write(byte[] bytes);
}
