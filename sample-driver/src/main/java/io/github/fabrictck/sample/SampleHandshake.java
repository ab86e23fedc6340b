package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;

/**
 * The compliant handshake (kfilnd after LU-17839 and LU-19474): only a hello response makes a peer
 * up to date; a request from a new peer makes the receiver send its own request; every request is
 * answered, never rejected; data from a peer whose hello is in flight is deferred and replayed once
 * it is up to date, until a deadline. A peer whose hello is in flight has one hello timer
 * ({@link #T_HELLO}, the base's): however many messages wait for the handshake, one timeout
 * retransmits one request, up to {@link #MAX_HELLO_RETRIES} times.
 */
class SampleHandshake extends Handshake {

    SampleHandshake(DriverContext context, Fabric fabric) {
        super(context, fabric);
    }

    @Override
    protected void onHelloRequest(Remote remote, int version, Out out) {
        if (remote.state == State.NEW) {
            startHello(remote, out);
        }
    }

    @Override
    protected void onEarlyData(Remote remote, byte[] message) {
        long now = clock.millis();
        remote.early.removeIf(e -> now - e.arrivedMillis() > EARLY_DEADLINE.toMillis());
        remote.early.add(new Early(message, now));
    }
}
