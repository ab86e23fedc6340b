package io.github.fabrictck.adapters.disni.patched;

import com.ibm.disni.RdmaActiveEndpoint;
import com.ibm.disni.RdmaActiveEndpointGroup;
import com.ibm.disni.verbs.IbvWC;
import com.ibm.disni.verbs.RdmaCmEvent;
import com.ibm.disni.verbs.RdmaCmId;
import java.io.IOException;
import java.net.SocketAddress;

/**
 * PATCH, NOT DiSNI: DiSNI 2.1's {@code RdmaEndpoint.connect(dst, timeout)} and
 * {@code dispatchCmEvent} (RdmaEndpoint.java:96-165) copied with the one fix CS-3/cm asks for, and
 * nothing else changed: the same steps, the same bare {@code wait()} after each, the same
 * exceptions. It shows that DiSNI's FAIL of CS-3/cm on this adapter is DiSNI's bug: the same adapter
 * and connection manager PASS it with this patch.
 * <ul>
 *   <li>CS-3/cm: {@code dispatchCmEvent} also handles the error events of the client's steps
 *       ({@code ADDR_ERROR}, {@code ROUTE_ERROR}, {@code REJECTED}, {@code UNREACHABLE},
 *       {@code CONNECT_ERROR}): it moves the state past every step's wait and wakes the waiter, so
 *       {@code connect()} throws (DiSNI: they fall into the "UNKNOWN" log branch and the waiter at
 *       line 102, 110 or 128 sleeps forever).</li>
 * </ul>
 * DiSNI's own state (its private {@code connState}, read by its {@code close()}) still follows the
 * success events: each is handed to DiSNI's {@code dispatchCmEvent} as well. The resources are
 * allocated with the endpoint's public {@code allocateResources()}, what DiSNI's package-private
 * {@code group.allocateResourcesRaw(this)} calls for an {@code RdmaActiveEndpointGroup}.
 */
public final class PatchedConnectEndpoint extends RdmaActiveEndpoint {

    private static final int CONN_STATE_INITIALIZED = 0;
    private static final int CONN_STATE_ADDR_RESOLVED = 1;
    private static final int CONN_STATE_ROUTE_RESOLVED = 2;
    private static final int CONN_STATE_CONNECTED = 4;
    private static final int CONN_STATE_CLOSED = 5;
    // PATCH: a state past every step's wait, for an error event
    private static final int CONN_STATE_FAILED = 6;

    private int connState = CONN_STATE_INITIALIZED;
    // PATCH: the error event that ended the setup, for the exception
    private String failure;

    public PatchedConnectEndpoint(RdmaActiveEndpointGroup<? extends RdmaActiveEndpoint> group, RdmaCmId idPriv)
            throws IOException {
        super(group, idPriv, false);
    }

    @Override
    public synchronized void connect(SocketAddress dst, int timeout) throws Exception {
        if (connState != CONN_STATE_INITIALIZED) {
            throw new IOException("endpoint already connected");
        }
        idPriv.resolveAddr(null, dst, timeout);
        while (connState < CONN_STATE_ADDR_RESOLVED) {
            wait();
        }
        if (connState != CONN_STATE_ADDR_RESOLVED) {
            throw new IOException("resolve address failed" + because());
        }

        idPriv.resolveRoute(timeout);
        while (connState < CONN_STATE_ROUTE_RESOLVED) {
            wait();
        }
        if (connState != CONN_STATE_ROUTE_RESOLVED) {
            throw new IOException("resolve route failed" + because());
        }

        allocateResources();

        idPriv.connect(getConnParam());
        while (connState < CONN_STATE_CONNECTED) {
            wait();
        }
        // PATCH: an error event ends the wait above; say so
        if (connState != CONN_STATE_CONNECTED) {
            throw new IOException("connect failed" + because());
        }
    }

    private String because() {
        return failure == null ? "" : ": " + failure;
    }

    @Override
    public synchronized void dispatchCmEvent(RdmaCmEvent cmEvent) throws IOException {
        int eventType = cmEvent.getEvent();
        if (eventType == RdmaCmEvent.EventType.RDMA_CM_EVENT_ADDR_RESOLVED.ordinal()) {
            connState = CONN_STATE_ADDR_RESOLVED;
        } else if (eventType == RdmaCmEvent.EventType.RDMA_CM_EVENT_ROUTE_RESOLVED.ordinal()) {
            connState = CONN_STATE_ROUTE_RESOLVED;
        } else if (eventType == RdmaCmEvent.EventType.RDMA_CM_EVENT_ESTABLISHED.ordinal()) {
            connState = CONN_STATE_CONNECTED;
        } else if (eventType == RdmaCmEvent.EventType.RDMA_CM_EVENT_DISCONNECTED.ordinal()) {
            connState = CONN_STATE_CLOSED;
        } else if (eventType == RdmaCmEvent.EventType.RDMA_CM_EVENT_ADDR_ERROR.ordinal()
                || eventType == RdmaCmEvent.EventType.RDMA_CM_EVENT_ROUTE_ERROR.ordinal()
                || eventType == RdmaCmEvent.EventType.RDMA_CM_EVENT_REJECTED.ordinal()
                || eventType == RdmaCmEvent.EventType.RDMA_CM_EVENT_UNREACHABLE.ordinal()
                || eventType == RdmaCmEvent.EventType.RDMA_CM_EVENT_CONNECT_ERROR.ordinal()) {
            // PATCH: an error answer ends the step it answers: the waiter wakes and connect() throws
            connState = CONN_STATE_FAILED;
            failure = RdmaCmEvent.EventType.values()[eventType].name();
            notifyAll();
            return;
        }
        // DiSNI's own handling (its state for close(), its log lines), then the waiter of this copy
        super.dispatchCmEvent(cmEvent);
        notifyAll();
    }

    @Override
    public void dispatchCqEvent(IbvWC wc) {
        // the window posts no work
    }
}
