/**
 * Connection setup through an rdma_cm-style connection manager (since SPI 4): the client side of
 * {@code rdma_resolve_addr}, {@code rdma_resolve_route} and {@code rdma_connect}, each answered by
 * an event the driver reads from an event channel on a thread of its own
 * ({@code rdma_get_cm_event}, {@code rdma_ack_cm_event}).
 *
 * <p>The environment is a {@link io.github.fabrictck.spi.cs.cm.CmLink}; the driver's side is a
 * {@link io.github.fabrictck.spi.cs.cm.CmEndpoint}, opened by
 * {@link io.github.fabrictck.spi.Driver#openCmEndpoint}. The contract CS-3 checks: whatever step
 * the connection manager answers with an error, {@link io.github.fabrictck.spi.cs.cm.CmEndpoint#connect}
 * ends (returns, or throws) within a bound; it returns once every step succeeded.
 */
package io.github.fabrictck.spi.cs.cm;
