package io.github.fabrictck.spi.cs;

import io.github.fabrictck.spi.Environment;

/**
 * The control stream to the peer (environment side; the driver calls it): reliable and in order,
 * like TCP, with a one-way delay. Two messages the sides write within that delay of each other
 * cross. The peer receives the bytes on {@link SetupEndpoint#onControl}, possibly split or merged
 * differently from the writes, exactly as TCP does. Thread-safe.
 */
@Environment
public interface ControlStream {

    /**
     * Writes bytes to the peer. Never blocks.
     *
     * @param bytes the bytes; the caller must not change the array afterwards
     */
    void write(byte[] bytes);
}
