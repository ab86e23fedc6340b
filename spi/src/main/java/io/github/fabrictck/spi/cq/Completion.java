package io.github.fabrictck.spi.cq;

import java.util.Objects;

/**
 * One work completion taken from a {@link CompletionQueue}.
 *
 * <p>An error completion ({@link #status()} other than {@link Status#SUCCESS}) carries only what
 * {@code ibv_poll_cq(3)} says it carries: the work request id, the status and the queue pair
 * number; its opcode is {@code null} and its payload empty, as their fields are undefined then.
 *
 * @param workRequestId   for a send, the id the driver gave to {@link QueuePair#postSend} (or
 *                        {@link SharedQueuePair#postSend}); for a receive, the device's sequence
 *                        number of the incoming message
 * @param opcode          whether a send finished or a message arrived; {@code null} for an error completion
 * @param payload         the bytes received (for {@link Opcode#RECEIVE}); empty otherwise
 * @param status          whether the work request succeeded ({@code ibv_wc.status})
 * @param queuePairNumber the number of the queue pair the work request belongs to ({@code ibv_wc.qp_num},
 *                        valid for error completions too); 0 on the one queue pair of {@link QueuePair}
 * @since SPI 3 for {@code status} and {@code queuePairNumber}
 */
public record Completion(long workRequestId, Opcode opcode, byte[] payload, Status status, int queuePairNumber) {

    /** What a completion reports. */
    public enum Opcode {
        /** A posted send finished. */
        SEND,
        /** An incoming message arrived. */
        RECEIVE
    }

    /**
     * A work completion's status, as {@code enum ibv_wc_status} has it (the ones the device produces).
     *
     * @since SPI 3
     */
    public enum Status {
        /** {@code IBV_WC_SUCCESS}: the work request completed. */
        SUCCESS,
        /**
         * {@code IBV_WC_WR_FLUSH_ERR}: the work request was still outstanding when its queue pair
         * entered the error state (a disconnect, a teardown), and was flushed.
         */
        WR_FLUSH_ERR
    }

    /** Checks the components: only an error completion may leave its opcode undefined. */
    public Completion {
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(status, "status");
        if (status == Status.SUCCESS) {
            Objects.requireNonNull(opcode, "opcode");
        }
    }

    /** A successful completion on the one queue pair of {@link QueuePair} (SPI 1 and 2). */
    public Completion(long workRequestId, Opcode opcode, byte[] payload) {
        this(workRequestId, opcode, payload, Status.SUCCESS, 0);
    }

    /**
     * A flush error completion: only the id, the status and the queue pair are defined.
     *
     * @since SPI 3
     */
    public static Completion flushed(long workRequestId, int queuePairNumber) {
        return new Completion(workRequestId, null, new byte[0], Status.WR_FLUSH_ERR, queuePairNumber);
    }
}
