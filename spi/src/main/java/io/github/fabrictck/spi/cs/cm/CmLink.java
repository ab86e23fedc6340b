package io.github.fabrictck.spi.cs.cm;

import io.github.fabrictck.spi.Environment;

/**
 * The connection manager as one client connection's id sees it ({@code struct rdma_cm_id};
 * environment side). Each call returns at once; its answer, success or error, arrives later as
 * an event on {@link #events()}.
 */
@Environment
public interface CmLink {

    /** The event channel the answers arrive on. */
    CmEvents events();

    /**
     * {@code rdma_resolve_addr}: answered by {@link CmEvent#ADDR_RESOLVED} or {@link CmEvent#ADDR_ERROR}.
     *
     * @param address       the server, {@code host:port}
     * @param timeoutMillis how long the connection manager may take to resolve it
     */
    void resolveAddress(String address, long timeoutMillis);

    /**
     * {@code rdma_resolve_route}: answered by {@link CmEvent#ROUTE_RESOLVED} or {@link CmEvent#ROUTE_ERROR}.
     *
     * @param timeoutMillis how long the connection manager may take to resolve it
     */
    void resolveRoute(long timeoutMillis);

    /**
     * {@code rdma_connect}: answered by {@link CmEvent#ESTABLISHED}, or by {@link CmEvent#REJECTED},
     * {@link CmEvent#UNREACHABLE} or {@link CmEvent#CONNECT_ERROR}.
     */
    void connect();

    /** {@code rdma_disconnect}: answered by {@link CmEvent#DISCONNECTED} once the connection was up. */
    void disconnect();
}
