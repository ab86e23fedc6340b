package io.github.fabrictck.spi.cs;

import java.util.concurrent.CompletionStage;

/**
 * One side of a connection setup (driver side). The kit calls {@link #connect()} on the client
 * and {@link #accept()} on the server, then hands each side what arrives for it: control-stream
 * bytes on {@link #onControl} and fast-path messages on {@link #onFastPath}, each on a thread of
 * its own. Neither handler may block; timeouts are timers of the context's scheduler.
 *
 * <p>The contract the connection-setup windows check: whatever message of the setup is lost and
 * however the two sides' timers are phased, the setup ends within a bound, both sides end on the
 * same {@link Mode}, and each application receives exactly the bytes the peer application wrote —
 * never a byte of the setup protocol.
 */
public interface SetupEndpoint {

    /**
     * Client: starts setting up the connection. Returns at once.
     *
     * @return completes with the connection once setup ended on the fast path or on the fallback
     */
    CompletionStage<Connection> connect();

    /**
     * Server: accepts the connection the client sets up. Returns at once.
     *
     * @return completes with the connection once setup ended on the fast path or on the fallback
     */
    CompletionStage<Connection> accept();

    /**
     * Bytes arrived on the control stream, in order; a write of the peer may arrive in pieces, and
     * pieces of several writes together.
     *
     * @param bytes the bytes
     */
    void onControl(byte[] bytes);

    /**
     * A message arrived on the fast-path link.
     *
     * @param message the message as the peer sent it
     */
    void onFastPath(byte[] message);

    /** Releases everything; called once at the end of the window. */
    void close();
}
