package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-hs-tiebreak}: fixed roles, the lower id runs the hello and the higher only answers (its own request is a "call me"); the lower buffers early data until the response. */
public final class TieBreakDriver extends ZooDriver {

    public TieBreakDriver() {
        super("zoo-hs-tiebreak", handshake((context, fabric) -> new TieBreak(context, fabric, true)));
    }
}
