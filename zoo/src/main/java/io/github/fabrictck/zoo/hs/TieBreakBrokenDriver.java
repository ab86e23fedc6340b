package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-hs-tiebreak-broken}: as zoo-hs-tiebreak, but the lower id drops data that overtakes the higher id's response. */
public final class TieBreakBrokenDriver extends ZooDriver {

    public TieBreakBrokenDriver() {
        super("zoo-hs-tiebreak-broken", handshake((context, fabric) -> new TieBreak(context, fabric, false)));
    }
}
