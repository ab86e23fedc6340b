/**
 * The peer-handshake family: two (or more) peers that contact each other for the first time run
 * the driver's own hello exchange before application data flows.
 *
 * <p>The <em>environment</em> side ({@link io.github.fabrictck.spi.hs.Fabric}) is the simulated
 * fabric; the <em>driver</em> side ({@link io.github.fabrictck.spi.hs.HandshakeEndpoint}) is the
 * vendor's. The rules:
 * <ul>
 *   <li>the fabric delivers every transmitted message exactly once, but may reorder them, and hands
 *       them to the receiver on several receive threads (as CPUs do);</li>
 *   <li>each wire message carries a kind: hello request, hello response, or data;</li>
 *   <li>each side states the protocol versions it speaks ({@link io.github.fabrictck.spi.hs.Fabric#versions()});
 *       both must end up connected on the same version;</li>
 *   <li>application messages received from a peer go to the application through
 *       {@link io.github.fabrictck.spi.hs.Fabric#deliver}, each exactly once.</li>
 * </ul>
 */
package io.github.fabrictck.spi.hs;
