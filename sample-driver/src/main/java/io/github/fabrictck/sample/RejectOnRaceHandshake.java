package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;

/**
 * {@code broken-hs-4}: a connection race rejected on both sides, as ko2iblnd without LU-7646.
 *
 * <p>A hello request from a peer to which this endpoint's own request is in flight
 * ({@code HELLO_SENT}) is a connection race; it is rejected (a hello response of version 0) instead
 * of answered, and this endpoint relies on its hello timer ({@link #T_HELLO}, one-shot, armed again
 * each time it fires) to retry. ko2iblnd breaks the tie by letting the higher NID win, and after
 * LU-7646 lets the lower NID win once it has lost 20 races; this endpoint has neither rule. Two
 * such peers that contact each other at the same instant reject each other's requests in every
 * round, retry in lock-step on equal timers, and never converge. Its retries are unlimited, so only
 * the kit's round bound ends them: it fails HS-4 (the pair converges within 25 hello requests per
 * direction).
 *
 * <p>Everything else is the compliant handshake ({@link SampleHandshake}): a request from a new or
 * up-to-date peer is answered as there.
 */
final class RejectOnRaceHandshake extends SampleHandshake {

    RejectOnRaceHandshake(DriverContext context, Fabric fabric) {
        super(context, fabric);
    }

    /** The bug: a crossing request is rejected by both sides, with no tie-break and no escape. */
    @Override
    protected boolean rejectsHelloRequest(Remote remote) {
        return remote.state == State.HELLO_SENT;
    }

    /** Unlimited retries: each is a one-shot timer armed again when it fires (Handshake#onHelloTimer). */
    @Override
    protected boolean mayRetryHello(int retransmitted) {
        return true;
    }
}
