package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/** Tie-break by address: on crossing hellos the lower id's request wins, the higher only answers; data queued and early data kept until up to date. */
public final class LowerInitiatesDriver extends ZooDriver {

    public LowerInitiatesDriver() {
        super("zoo-hs-lower-initiates", handshake((context, fabric) -> new LowerInitiates(context, fabric, true)));
    }
}
