package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cs.cm.CmEndpoint;
import io.github.fabrictck.spi.cs.cm.CmEvent;
import io.github.fabrictck.spi.cs.cm.CmLink;
import java.io.IOException;

/**
 * The sample's client through the connection manager, built as DiSNI's {@code RdmaEndpoint} is: an
 * event thread of its own takes the connection manager's events and hands each to the endpoint,
 * whose {@code connect()} waits after each step for the answer. Every answer wakes it, an error
 * included, and an error makes {@code connect()} throw: CS-3/cm passes.
 */
class CmClient implements CmEndpoint {

    private final CmLink link;
    private final Thread events;
    private CmEvent answer;
    private boolean established;
    private volatile boolean closed;

    CmClient(DriverContext context, CmLink link) {
        this.link = link;
        this.events = context.threadFactory().newThread(this::readEvents);
        events.start();
    }

    private void readEvents() {
        while (!closed) {
            CmEvent e;
            try {
                e = link.events().take(-1);
            } catch (InterruptedException interrupted) {
                return;
            }
            if (e != null) {
                dispatch(e);
                link.events().ack(e);
            }
        }
    }

    /** An event for this endpoint, on the event thread: the answer {@code connect()} waits for. */
    synchronized void dispatch(CmEvent e) {
        answer = e;
        notifyAll();
    }

    @Override
    public synchronized void connect(String address, long timeoutMillis) throws IOException, InterruptedException {
        link.resolveAddress(address, timeoutMillis);
        await(CmEvent.ADDR_RESOLVED, "resolving " + address);
        link.resolveRoute(timeoutMillis);
        await(CmEvent.ROUTE_RESOLVED, "resolving the route to " + address);
        link.connect();
        await(CmEvent.ESTABLISHED, "connecting to " + address);
        established = true;
    }

    /** Waits for the answer to the step just taken; anything but its success is the step's failure. */
    private void await(CmEvent success, String step) throws IOException, InterruptedException {
        while (answer == null && !closed) {
            wait();
        }
        CmEvent got = answer;
        answer = null;
        if (got != success) {
            throw new IOException(step + " failed: " + (got == null ? "the endpoint was closed" : got.rdmaName()));
        }
    }

    @Override
    public void close() {
        boolean up;
        synchronized (this) {
            closed = true;
            up = established;
            notifyAll();
        }
        if (up) {
            link.disconnect();
        }
        events.interrupt();
    }
}
