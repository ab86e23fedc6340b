package io.github.fabrictck.spi.cs;

import io.github.fabrictck.spi.Environment;

/**
 * The fast-path link to the peer (environment side; the driver calls it): message-oriented, with a
 * one-way delay; a message may be lost, and nothing tells the sender. The peer receives a message
 * on {@link SetupEndpoint#onFastPath}. Thread-safe.
 */
@Environment
public interface FastPathLink {

    /**
     * Sends one message. Never blocks.
     *
     * @param message the message; the caller must not change the array afterwards
     */
    void send(byte[] message);
}
