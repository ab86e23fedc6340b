package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;

/**
 * {@code broken-hs-1}: kfilnd before LU-17839. Any hello request marks the peer up to date (and
 * sends what waited for it); data from a peer that is not up to date is dropped "due to stale
 * peer".
 */
final class StaleOnRequestHandshake extends Handshake {

    StaleOnRequestHandshake(DriverContext context, Fabric fabric) {
        super(context, fabric);
    }

    @Override
    protected void onHelloRequest(Remote remote, int version, Out out) {
        upToDate(remote, version, out);
    }

    @Override
    protected void onEarlyData(Remote remote, byte[] message) {
        dropped.incrementAndGet();
    }
}
