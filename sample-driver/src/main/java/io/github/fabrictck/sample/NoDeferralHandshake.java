package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;

/**
 * {@code broken-hs-2}: kfilnd with the LU-17839 fix but without LU-19474. Hellos are handled
 * correctly, but data that overtakes the hello response is dropped instead of deferred.
 */
final class NoDeferralHandshake extends SampleHandshake {

    NoDeferralHandshake(DriverContext context, Fabric fabric) {
        super(context, fabric);
    }

    @Override
    protected void onEarlyData(Remote remote, byte[] message) {
        dropped.incrementAndGet();
    }
}
