package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.WireMessage;
import java.util.List;

/**
 * The compliant handshake (kfilnd after LU-17839 and LU-19474): only a hello response makes a peer
 * up to date; a request from a new peer makes the receiver send its own request; data from a peer
 * whose hello is in flight is deferred and replayed once it is up to date, until a deadline.
 */
class SampleHandshake extends Handshake {

    SampleHandshake(DriverContext context, Fabric fabric) {
        super(fabric, context.clock());
    }

    @Override
    protected List<WireMessage> onHelloRequest(Remote remote, int version) {
        if (remote.state == State.NEW) {
            remote.state = State.HELLO_SENT;
            return List.of(helloRequest());
        }
        return List.of();
    }

    @Override
    protected void onEarlyData(Remote remote, byte[] message) {
        long now = clock.millis();
        remote.early.removeIf(e -> now - e.arrivedMillis() > EARLY_DEADLINE.toMillis());
        remote.early.add(new Early(message, now));
    }
}
