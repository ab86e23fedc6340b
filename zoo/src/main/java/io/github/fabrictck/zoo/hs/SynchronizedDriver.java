package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-hs-synchronized}: kfilnd exchange whose SPI methods (onReceive included) are all synchronized methods, transmits and deliveries inside the monitor; early data parked until the response. */
public final class SynchronizedDriver extends ZooDriver {

    public SynchronizedDriver() {
        super("zoo-hs-synchronized", handshake((context, fabric) -> new SynchronizedEndpoint(context, fabric, true)));
    }
}
