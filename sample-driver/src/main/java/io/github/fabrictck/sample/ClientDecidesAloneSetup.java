package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cs.SetupLink;

/**
 * {@code broken-cs-2}: a client that decides alone. It ends on the fast path as soon as it has sent
 * LINK_RESPONSE, without waiting for the server's LINK_UP or DECLINE, and then ignores the control
 * stream. If its LINK_RESPONSE is lost, the server times out and falls back while the client stays
 * on the fast path: the two sides disagree, and neither application reads what the other wrote.
 */
final class ClientDecidesAloneSetup extends SampleSetup {

    ClientDecidesAloneSetup(DriverContext context, SetupLink link) {
        super(context, link);
    }

    @Override
    protected boolean clientWaitsForServersWord() {
        // as if a LINK_RESPONSE always arrived because a LINK_CONFIRM did: it may be lost
        return false;
    }
}
