package io.github.fabrictck.spi.hs;

import java.util.Objects;

/**
 * One message on the wire between two peers.
 *
 * @param kind    what the message is, so the fabric can reorder handshakes and data
 * @param version for a hello, the protocol version it proposes (a request: the highest the sender
 *                speaks; a response: the version chosen); 0 for data
 * @param payload the bytes (for data: the application's message)
 */
public record WireMessage(Kind kind, int version, byte[] payload) {

    /** The kinds of wire message. */
    public enum Kind {
        /** A hello request: first contact from the sender. */
        HELLO_REQUEST,
        /** A hello response: the receiver of a request answers it. */
        HELLO_RESPONSE,
        /** Application data. */
        DATA;

        /** Whether this kind belongs to the handshake. */
        public boolean isHandshake() {
            return this != DATA;
        }
    }

    /** Checks the components. */
    public WireMessage {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(payload, "payload");
    }

    /** A data message. */
    public static WireMessage data(byte[] payload) {
        return new WireMessage(Kind.DATA, 0, payload);
    }
}
