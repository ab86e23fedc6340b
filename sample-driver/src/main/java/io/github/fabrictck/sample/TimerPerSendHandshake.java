package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;

/**
 * {@code broken-hs-3}: the hello timeout armed per queued message, as before Lustre LU-17838.
 *
 * <p>Every application message that waits for the handshake gets its own send timeout of
 * {@link #T_HELLO}; when one fires and the peer is still not up to date, it retransmits a hello
 * request (and is armed again, up to {@link #MAX_HELLO_RETRIES} times). The peer itself has no
 * hello timer. So when the application sends two messages to a new peer at the same instant and
 * the responses are late, both timeouts fire at the same instant and two hello requests to the same
 * peer are in flight at once: the duplicate hellos from concurrent timeouts of LU-17838. It fails
 * HS-3, whose invariant allows a second request to a peer only after a timeout that fired at a
 * later instant than the previous request.
 *
 * <p>Everything else is the compliant handshake ({@link SampleHandshake}): hellos are answered and
 * early data is deferred as there, so it passes HS-1 and HS-2.
 */
final class TimerPerSendHandshake extends SampleHandshake {

    TimerPerSendHandshake(DriverContext context, Fabric fabric) {
        super(context, fabric);
    }

    /** No timer per peer: only the queued messages time out. */
    @Override
    protected void onHelloSent(Remote remote, Out out) {
    }

    /** The bug: a timer per queued message; each retransmits a hello request when it fires (Handshake#onHelloTimer). */
    @Override
    protected void onQueued(Remote remote, Out out) {
        armHelloTimer(remote, out);
    }
}
