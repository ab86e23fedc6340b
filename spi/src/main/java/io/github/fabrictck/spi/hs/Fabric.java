package io.github.fabrictck.spi.hs;

import io.github.fabrictck.spi.Environment;
import java.util.List;

/**
 * The fabric as one endpoint sees it (environment side; the driver calls it). Thread-safe.
 */
@Environment
public interface Fabric {

    /** This endpoint's own address. */
    PeerId self();

    /** The protocol versions this endpoint speaks, ascending; the peers must agree on one both speak. */
    List<Integer> versions();

    /**
     * Puts a message on the wire. It is delivered exactly once to the peer's
     * {@link HandshakeEndpoint#onReceive}, on one of its receive threads, possibly after messages
     * sent later.
     *
     * @param to      the peer
     * @param message the message
     */
    void transmit(PeerId to, WireMessage message);

    /**
     * Hands an application message received from a peer to the application. Each message the
     * peer's application sent must arrive here exactly once.
     *
     * @param from    the peer that sent it
     * @param message the application's bytes
     */
    void deliver(PeerId from, byte[] message);
}
