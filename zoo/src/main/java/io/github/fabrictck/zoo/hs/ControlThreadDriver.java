package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-hs-control}: one control thread (from the context's factory) owns every peer's link state; the
 * application, the receive threads and the hello timers hand it commands through a {@code SynchronousQueue}.
 */
public final class ControlThreadDriver extends ZooDriver {

    public ControlThreadDriver() {
        super("zoo-hs-control", handshake((context, fabric) -> new ControlThreadHandshake(context, fabric, false)));
    }
}
