package io.github.fabrictck.spi.cq;

import java.util.Objects;

/**
 * One work completion taken from a {@link CompletionQueue}.
 *
 * @param workRequestId for a send, the id the driver gave to {@link QueuePair#postSend}; for a
 *                      receive, the device's sequence number of the incoming message
 * @param opcode        whether a send finished or a message arrived
 * @param payload       the bytes received (for {@link Opcode#RECEIVE}); empty for a send
 */
public record Completion(long workRequestId, Opcode opcode, byte[] payload) {

    /** What a completion reports. */
    public enum Opcode {
        /** A posted send finished. */
        SEND,
        /** An incoming message arrived. */
        RECEIVE
    }

    /** Checks that no component is null. */
    public Completion {
        Objects.requireNonNull(opcode, "opcode");
        Objects.requireNonNull(payload, "payload");
    }
}
