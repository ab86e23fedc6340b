package io.github.fabrictck.adapters.disni.patched;

import io.github.fabrictck.adapters.disni.DisniControl;
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
 * {@code disni-patched}: the control of CQ-5, CQ-6, CQ-8 and CS-3/cm, DiSNI with {@link PatchedCqProcessor} (a
 * patch) as its CQ processor, {@link PatchedPollCqDecode} (a patch) as the Java half of its {@code ibv_poll_cq},
 * and {@link PatchedConnectEndpoint} (a patch) as the endpoint whose {@code connect} the application calls.
 */
public final class PatchedDriver implements Driver {

    @Override
    public String name() {
        return "disni-patched";
    }

    @Override
    public String version() {
        return "2.1+cq5-cq6-cq8-cs3-patch";
    }

    @Override
    public Set<Family> families() {
        return Set.of(Family.COMPLETION_QUEUE, Family.CONNECTION_SETUP);
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        return DisniControl.open(queuePair, PatchedCqProcessor::new);
    }

    /** The control of CQ-6: the same group on a shared CQ, with {@link PatchedPollCqDecode} as DiSNI's decoder. */
    @Override
    public SharedCompletionQueueDriver openSharedCompletionQueue(DriverContext context, CompletionQueue sharedQueue) {
        return DisniControl.openShared(sharedQueue, PatchedCqProcessor::new, PatchedPollCqDecode::update);
    }

    /** DiSNI has no SMC-R-style setup, patched or not. */
    @Override
    public SetupEndpoint openConnectionSetup(DriverContext context, SetupLink link) {
        return null;
    }

    /** The control of CS-3/cm: DiSNI's client with {@link PatchedConnectEndpoint} as its endpoint. */
    @Override
    public CmEndpoint openCmEndpoint(DriverContext context, CmLink link) {
        return DisniControl.openClient(link, PatchedConnectEndpoint::new);
    }
}
