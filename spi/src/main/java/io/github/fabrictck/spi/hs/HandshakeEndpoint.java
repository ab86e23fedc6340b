package io.github.fabrictck.spi.hs;

/**
 * The driver's endpoint of the peer-handshake family (driver side), opened by
 * {@link io.github.fabrictck.spi.Driver#openHandshake}.
 *
 * <p>The application calls {@link #send} from its own threads; the fabric's receive threads call
 * {@link #onReceive}, several at once.
 */
public interface HandshakeEndpoint extends AutoCloseable {

    /**
     * Sends an application message to a peer. On first contact the driver runs its hello exchange
     * first; the message must then reach the peer's application exactly once. Must not block
     * waiting for the peer.
     *
     * @param to      the peer
     * @param message the application's bytes
     */
    void send(PeerId to, byte[] message);

    /**
     * Handles a message from the wire; called on one of the fabric's receive threads.
     *
     * @param from    the peer that transmitted it
     * @param message the message
     */
    void onReceive(PeerId from, WireMessage message);

    /**
     * The protocol version this endpoint and the peer agreed on.
     *
     * @param peer the peer
     * @return the version, or 0 while the peer is not up to date
     */
    int negotiatedVersion(PeerId peer);

    /** Closes the endpoint; no message is transmitted or delivered afterwards. */
    @Override
    void close();
}
