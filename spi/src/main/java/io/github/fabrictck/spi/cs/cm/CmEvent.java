package io.github.fabrictck.spi.cs.cm;

/** The connection manager's events a client sees ({@code enum rdma_cm_event_type}, the client's part). */
public enum CmEvent {
    /** {@code RDMA_CM_EVENT_ADDR_RESOLVED}: the address resolved; the route may be resolved next. */
    ADDR_RESOLVED(false),
    /** {@code RDMA_CM_EVENT_ADDR_ERROR}: the address could not be resolved. */
    ADDR_ERROR(true),
    /** {@code RDMA_CM_EVENT_ROUTE_RESOLVED}: the route resolved; the client may connect next. */
    ROUTE_RESOLVED(false),
    /** {@code RDMA_CM_EVENT_ROUTE_ERROR}: the route could not be resolved. */
    ROUTE_ERROR(true),
    /** {@code RDMA_CM_EVENT_ESTABLISHED}: the connection is up. */
    ESTABLISHED(false),
    /** {@code RDMA_CM_EVENT_REJECTED}: the peer rejected the connection. */
    REJECTED(true),
    /** {@code RDMA_CM_EVENT_UNREACHABLE}: the peer did not answer the connection request. */
    UNREACHABLE(true),
    /** {@code RDMA_CM_EVENT_CONNECT_ERROR}: the connection failed while it was set up. */
    CONNECT_ERROR(true),
    /** {@code RDMA_CM_EVENT_DISCONNECTED}: the connection is down. */
    DISCONNECTED(false);

    private final boolean error;

    CmEvent(boolean error) {
        this.error = error;
    }

    /** Whether the event ends the step it answers with an error. */
    public boolean isError() {
        return error;
    }

    /** The name rdma_cm gives the event: {@code RDMA_CM_EVENT_ADDR_ERROR}. */
    public String rdmaName() {
        return "RDMA_CM_EVENT_" + name();
    }
}
