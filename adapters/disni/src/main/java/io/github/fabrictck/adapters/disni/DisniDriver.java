package io.github.fabrictck.adapters.disni;

import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import io.github.fabrictck.spi.cq.SharedCompletionQueueDriver;
import io.github.fabrictck.spi.cs.SetupEndpoint;
import io.github.fabrictck.spi.cs.SetupLink;
import io.github.fabrictck.spi.cs.cm.CmEndpoint;
import io.github.fabrictck.spi.cs.cm.CmLink;
import java.util.Set;

/**
 * {@code disni}: unmodified DiSNI 2.1 ({@code com.ibm.disni:disni:2.1} from Maven Central) on the
 * kit's device, through {@link DisniAdapter} and {@link io.github.fabrictck.adapters.disni.verbs.SimulatedVerbs}. Its CQ thread is DiSNI's
 * own ({@code new Thread(this)} in {@code RdmaCqProcessor}), not one of
 * {@link DriverContext#threadFactory()}: the kit knows it from the points it passes. It sets up
 * connections through the connection manager only ({@link DisniClient}, CS-3/cm): it has no
 * SMC-R-style setup, so {@link #openConnectionSetup} answers {@code null}.
 */
public final class DisniDriver implements Driver {

    @Override
    public String name() {
        return "disni";
    }

    @Override
    public String version() {
        return "2.1";
    }

    @Override
    public Set<Family> families() {
        return Set.of(Family.COMPLETION_QUEUE, Family.CONNECTION_SETUP);
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        return DisniEndpoint.open(queuePair, DisniEndpoint.CQ_EVENT_TIMEOUT);
    }

    /** DiSNI's endpoint group: one CQ per device, shared by every endpoint's queue pair (CQ-6). */
    @Override
    public SharedCompletionQueueDriver openSharedCompletionQueue(DriverContext context, CompletionQueue sharedQueue) {
        return DisniGroup.open(sharedQueue, DisniEndpoint.CQ_EVENT_TIMEOUT);
    }

    /** DiSNI has no SMC-R-style setup (a fast path with a TCP fallback): those windows are not applicable. */
    @Override
    public SetupEndpoint openConnectionSetup(DriverContext context, SetupLink link) {
        return null;
    }

    /** DiSNI's client: {@code RdmaEndpoint.connect} on the kit's connection manager (CS-3/cm). */
    @Override
    public CmEndpoint openCmEndpoint(DriverContext context, CmLink link) {
        return DisniClient.open(link, DisniEndpoint.CQ_EVENT_TIMEOUT);
    }
}
