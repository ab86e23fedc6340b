package io.github.fabrictck.spi.cs;

import io.github.fabrictck.spi.Environment;

/**
 * The application above the connection (environment side; the driver calls it). The kit checks
 * that it receives exactly the bytes the peer application wrote, in order — never a byte of the
 * driver's own protocol. Thread-safe.
 */
@Environment
public interface ApplicationSink {

    /**
     * Hands bytes the peer application wrote to this application.
     *
     * @param bytes the next bytes of the peer application's stream
     */
    void deliver(byte[] bytes);
}
