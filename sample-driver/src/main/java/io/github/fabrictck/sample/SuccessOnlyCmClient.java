package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cs.cm.CmEvent;
import io.github.fabrictck.spi.cs.cm.CmLink;

/**
 * {@code broken-cs-3}'s client through the connection manager, with DiSNI 2.1's bug
 * ({@code RdmaEndpoint.dispatchCmEvent}): only success events wake {@code connect()}; an error event
 * is dropped, so {@code connect()} waits for an answer that already came. Must FAIL CS-3/cm.
 */
final class SuccessOnlyCmClient extends CmClient {

    SuccessOnlyCmClient(DriverContext context, CmLink link) {
        super(context, link);
    }

    @Override
    synchronized void dispatch(CmEvent e) {
        if (!e.isError()) {
            super.dispatch(e);
        }
    }
}
