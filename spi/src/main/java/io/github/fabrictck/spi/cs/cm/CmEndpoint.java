package io.github.fabrictck.spi.cs.cm;

/**
 * The client side of a connection set up through the connection manager (driver side): what an
 * application calls to connect, as DiSNI's {@code RdmaEndpoint.connect(dst, timeout)}.
 */
public interface CmEndpoint {

    /**
     * Connects: resolves the address, then the route, then connects, each step waiting for the
     * connection manager's answer on {@link CmLink#events()}. Blocks the calling (application) thread.
     *
     * @param address       the server, {@code host:port}
     * @param timeoutMillis the resolution timeout handed to the connection manager
     * @throws Exception when a step is answered with an error (or the driver gives up); it must
     *                   return or throw within a bound whatever the answer
     */
    void connect(String address, long timeoutMillis) throws Exception;

    /** Releases everything, the event thread included; called once at the end of each trial. */
    void close();
}
