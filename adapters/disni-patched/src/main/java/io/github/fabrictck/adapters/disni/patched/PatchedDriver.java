package io.github.fabrictck.adapters.disni.patched;

import io.github.fabrictck.adapters.disni.DisniControl;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import io.github.fabrictck.spi.cq.SharedCompletionQueueDriver;
import java.util.Set;

/**
 * {@code disni-patched}: the control of CQ-5, CQ-6 and CQ-8, DiSNI with {@link PatchedCqProcessor} (a
 * patch) as its CQ processor and {@link PatchedPollCqDecode} (a patch) as the Java half of its {@code ibv_poll_cq}.
 */
public final class PatchedDriver implements Driver {

    @Override
    public String name() {
        return "disni-patched";
    }

    @Override
    public String version() {
        return "2.1+cq5-cq6-cq8-patch";
    }

    @Override
    public Set<Family> families() {
        return Set.of(Family.COMPLETION_QUEUE);
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
}
