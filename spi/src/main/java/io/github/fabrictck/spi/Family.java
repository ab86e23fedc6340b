package io.github.fabrictck.spi;

/**
 * A family of race windows, and the part of the SPI a driver implements to be judged by it.
 * A family a driver does not implement is reported as not applicable, never as passed.
 */
public enum Family {
    /** Completion queues with verbs semantics: the windows whose ids begin with CQ. */
    COMPLETION_QUEUE("completion-queue", "CQ"),
    /** Peer handshakes on first contact: the windows whose ids begin with HS. */
    PEER_HANDSHAKE("peer-handshake", "HS"),
    /**
     * Connection setup with fallback, or through an rdma_cm-style connection manager (CS-3/cm):
     * the windows whose ids begin with CS.
     */
    CONNECTION_SETUP("connection-setup", "CS"),
    /**
     * An io_uring-style event loop over a submission ring, a completion ring and an eventfd that
     * wakes it: the windows whose ids begin with EL.
     *
     * @since SPI 5
     */
    EVENT_LOOP("event-loop", "EL");

    private final String id;
    private final String windowPrefix;

    Family(String id, String windowPrefix) {
        this.id = id;
        this.windowPrefix = windowPrefix;
    }

    /** The family's name in reports, for example {@code completion-queue}. */
    public String id() {
        return id;
    }

    /** The prefix of the ids of this family's windows, for example {@code CQ}. */
    public String windowPrefix() {
        return windowPrefix;
    }
}
