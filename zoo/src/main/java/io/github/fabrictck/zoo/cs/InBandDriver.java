package io.github.fabrictck.zoo.cs;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cs-in-band}: the server decides alone on the client's fast-path probe and signals the mode in band (a flag on the control stream); no fast-path answer to the client. */
public final class InBandDriver extends ZooDriver {

    public InBandDriver() {
        super("zoo-cs-in-band", connectionSetup((context, link) -> new InBandSetup(context, link, true)));
    }
}
