package io.github.fabrictck.adapters.disni;

import com.ibm.disni.RdmaActiveEndpoint;
import com.ibm.disni.RdmaActiveEndpointGroup;
import com.ibm.disni.verbs.RdmaCmId;
import io.github.fabrictck.adapters.disni.verbs.SimulatedVerbs;
import io.github.fabrictck.spi.cs.cm.CmEndpoint;
import io.github.fabrictck.spi.cs.cm.CmLink;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * A DiSNI client as an application builds it, on the kit's connection manager: an
 * {@code RdmaActiveEndpointGroup} started with {@code init(factory)} (which starts DiSNI's CM thread,
 * {@code RdmaCmProcessor.run}, on DiSNI's own {@code new Thread(this)}), and an endpoint from its
 * {@code createEndpoint()} whose {@code connect(dst, timeout)} is DiSNI's {@code RdmaEndpoint.connect}
 * (or a patched copy, the control). Once the route resolves, DiSNI allocates the endpoint's
 * resources itself: its protection domain, its CQ processor on its own thread, its queue pair.
 */
final class DisniClient implements CmEndpoint {

    private final RdmaActiveEndpointGroup<RdmaActiveEndpoint> group;
    private final RdmaActiveEndpoint endpoint;

    private DisniClient(CmLink link, int timeout, DisniControl.Endpoint endpoints) throws IOException {
        SimulatedVerbs verbs = new SimulatedVerbs(link);
        SimulatedVerbs.install(verbs);
        this.group = new RdmaActiveEndpointGroup<>(timeout, false, DisniEndpoint.MAX_WR, 1, DisniEndpoint.CQ_SIZE);
        group.init((id, serverSide) -> endpoints.create(group, id));
        this.endpoint = group.createEndpoint();
    }

    /** DiSNI 2.1's own endpoint: {@code RdmaEndpoint.connect} and {@code dispatchCmEvent} unchanged. */
    static DisniClient open(CmLink link, int timeout) {
        return open(link, timeout, (group, id) -> new Application(group, id));
    }

    static DisniClient open(CmLink link, int timeout, DisniControl.Endpoint endpoints) {
        try {
            return new DisniClient(link, timeout, endpoints);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** DiSNI's {@code RdmaEndpoint.connect(dst, timeout)}, on the application's thread. */
    @Override
    public void connect(String address, long timeoutMillis) throws Exception {
        int colon = address.lastIndexOf(':');
        InetAddress host = InetAddress.getByName(address.substring(0, colon)); // a literal: no lookup
        endpoint.connect(new InetSocketAddress(host, Integer.parseInt(address.substring(colon + 1))),
                (int) timeoutMillis);
    }

    /**
     * DiSNI's teardown: the endpoint's {@code close()}, then the group's (which joins DiSNI's CM
     * thread and closes its CQ processors). The endpoint's close of an endpoint whose resources were
     * never allocated throws in DiSNI ({@code RdmaActiveEndpointGroup.close(endpoint)} finds no CQ
     * processor); the group is closed all the same. Teardown is not what CS-3/cm judges.
     */
    @Override
    public void close() {
        try {
            endpoint.close();
        } catch (IOException | RuntimeException e) {
            // see above: DiSNI's own close of a never-connected endpoint; the group still closes
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            group.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The application's endpoint: DiSNI's {@code RdmaActiveEndpoint} as it ships; no work completes on it. */
    static final class Application extends RdmaActiveEndpoint {
        Application(RdmaActiveEndpointGroup<? extends RdmaActiveEndpoint> group, RdmaCmId id) throws IOException {
            super(group, id, false);
        }

        @Override
        public void dispatchCqEvent(com.ibm.disni.verbs.IbvWC wc) {
            // the window posts no work
        }
    }
}
