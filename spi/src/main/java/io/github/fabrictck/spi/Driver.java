package io.github.fabrictck.spi;

import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import io.github.fabrictck.spi.cq.SharedCompletionQueueDriver;
import io.github.fabrictck.spi.cs.SetupEndpoint;
import io.github.fabrictck.spi.cs.SetupLink;
import io.github.fabrictck.spi.cs.cm.CmEndpoint;
import io.github.fabrictck.spi.cs.cm.CmLink;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import java.util.Set;

/**
 * A transport driver under test, found by {@link java.util.ServiceLoader}.
 *
 * <p>An implementation is a factory: it names the driver and opens one fresh endpoint per race
 * window, so no state leaks from one window into the next. It must have a public no-argument
 * constructor and should do no work in it.
 *
 * <pre>{@code
 * META-INF/services/io.github.fabrictck.spi.Driver:
 *     com.example.fabric.MyDriver
 * }</pre>
 */
public interface Driver {

    /**
     * The version of this SPI; reports name it beside the driver's own version. 2 added
     * {@link CompletionQueueDriver#consumeWith} (a default method: drivers of SPI 1 run unchanged);
     * 3 added {@link #openSharedCompletionQueue} and the status and queue pair of a
     * {@link io.github.fabrictck.spi.cq.Completion} (drivers of SPI 1 and 2 run unchanged); 4 added
     * {@link #openCmEndpoint} and {@code null} from {@link #openConnectionSetup} (drivers of SPI 1 to
     * 3 run unchanged); 5 added {@link Family#EVENT_LOOP} and {@link #openEventLoop} (drivers of SPI
     * 1 to 4 run unchanged).
     */
    int SPI_VERSION = 5;

    /**
     * The driver's name, as users select it with {@code -Dfabric-tck.driver=NAME}: lower case,
     * no spaces, unique on the class path.
     */
    String name();

    /** The driver's own version, as it appears in reports and certificates. */
    String version();

    /** The families this driver implements; the windows of every other family are not applicable. */
    Set<Family> families();

    /**
     * Opens a completion-queue endpoint on a queue pair of the (simulated) device. Called once per
     * window; the endpoint is closed at the end of the window.
     *
     * @param context   threads, clock and timers the endpoint must use
     * @param queuePair the device's queue pair with its send and receive completion queues
     * @return the driver's endpoint, ready to send; both completion queues must be armed (or
     *         otherwise watched) before this method returns
     * @throws UnsupportedOperationException if the driver does not implement
     *         {@link Family#COMPLETION_QUEUE}
     */
    default CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        throw new UnsupportedOperationException(name() + " does not implement the completion-queue family");
    }

    /**
     * Opens the driver's processing of one completion queue shared by several queue pairs, if it
     * has one (an endpoint group with one CQ per device): the kit then connects endpoints on queue
     * pairs of that queue ({@link SharedCompletionQueueDriver#connect}). Called once per window that
     * needs it; the driver is closed at the end of the window.
     *
     * @param context     threads, clock and timers the driver must use
     * @param sharedQueue the device's completion queue, shared by every queue pair connected later
     * @return the driver's processing of the queue, with the queue armed (or otherwise watched); or
     *         {@code null} (the default) when the driver never shares a completion queue between
     *         queue pairs, whose windows are then not applicable
     * @since SPI 3
     */
    default SharedCompletionQueueDriver openSharedCompletionQueue(DriverContext context, CompletionQueue sharedQueue) {
        return null;
    }

    /**
     * Opens a peer-handshake endpoint for one peer of the (simulated) fabric. Called once per peer
     * per window; every endpoint of a window is closed at its end.
     *
     * @param context threads, clock and timers the endpoint must use
     * @param fabric  the fabric as this peer sees it
     * @return the driver's endpoint, ready to send and receive
     * @throws UnsupportedOperationException if the driver does not implement {@link Family#PEER_HANDSHAKE}
     */
    default HandshakeEndpoint openHandshake(DriverContext context, Fabric fabric) {
        throw new UnsupportedOperationException(name() + " does not implement the peer-handshake family");
    }

    /**
     * Opens one side (client or server, {@link SetupLink#role()}) of a connection setup. Called
     * twice per setup the window runs, once per side; every endpoint is closed at its end.
     *
     * @param context threads, clock and timers the endpoint must use; the clock and the timers are
     *                the kit's virtual time
     * @param link    the control stream, fast-path link and application of this side
     * @return the driver's endpoint; or {@code null} (since SPI 4) when the driver sets up
     *         connections only through a connection manager ({@link #openCmEndpoint}), whose
     *         SMC-R-style windows are then not applicable
     * @throws UnsupportedOperationException if the driver does not implement {@link Family#CONNECTION_SETUP}
     */
    default SetupEndpoint openConnectionSetup(DriverContext context, SetupLink link) {
        throw new UnsupportedOperationException(name() + " does not implement the connection-setup family");
    }

    /**
     * Opens the client side of a connection set up through an rdma_cm-style connection manager, if
     * the driver has one: the kit then calls {@link CmEndpoint#connect} while the connection manager
     * answers each step with success or an error. Called once per trial; the endpoint is closed at
     * its end.
     *
     * @param context threads, clock and timers the endpoint must use (the event thread from its
     *                thread factory)
     * @param link    the connection manager, as the connection's id sees it
     * @return the driver's endpoint; or {@code null} (the default) when the driver does not set up
     *         connections through a connection manager, whose window is then not applicable
     * @since SPI 4
     */
    default CmEndpoint openCmEndpoint(DriverContext context, CmLink link) {
        return null;
    }

    /**
     * Opens an event loop over a ring of the (simulated) kernel: a submission ring, a completion ring
     * and eventfds, as io_uring has them. Called once per trial; the kit ends each loop with
     * {@link EventLoop#shutdownGracefully()}.
     *
     * @param context threads, clock and timers the loop must use (the loop's own thread from its
     *                thread factory)
     * @param ring    the ring the loop submits to and waits on; the loop owns it from now on and
     *                closes it when it ends
     * @return the driver's event loop, ready to accept tasks
     * @throws UnsupportedOperationException if the driver does not implement {@link Family#EVENT_LOOP}
     * @since SPI 5
     */
    default EventLoop openEventLoop(DriverContext context, Ring ring) {
        throw new UnsupportedOperationException(name() + " does not implement the event-loop family");
    }
}
