package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cs.SetupLink;

/**
 * {@code broken-cs-3}: a server that waits for LINK_RESPONSE without a timer (SMC bounds that wait
 * by {@code SMC_LLC_WAIT_TIME}). If LINK_RESPONSE is lost, the server waits forever for it, and the
 * client, which waits for the server's word, waits forever too: setup never ends.
 */
final class UntimedServerSetup extends SampleSetup {

    UntimedServerSetup(DriverContext context, SetupLink link) {
        super(context, link);
    }

    @Override
    protected boolean serverArmsConfirmTimer() {
        // as if a LINK_RESPONSE always came once LINK_CONFIRM went out: a lost one never does
        return false;
    }
}
