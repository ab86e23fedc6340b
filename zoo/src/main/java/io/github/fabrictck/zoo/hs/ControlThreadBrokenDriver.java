package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-hs-control-broken}: as zoo-hs-control, but a peer whose own hello is out refuses a crossing one, so both
 * refuse and retry in lock-step for ever; must FAIL HS-4.
 */
public final class ControlThreadBrokenDriver extends ZooDriver {

    public ControlThreadBrokenDriver() {
        super("zoo-hs-control-broken", handshake((context, fabric) -> new ControlThreadHandshake(context, fabric, true)));
    }
}
