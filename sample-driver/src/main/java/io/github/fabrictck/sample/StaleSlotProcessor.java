package io.github.fabrictck.sample;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;

/**
 * DiSNI 2.1's {@code NatPollCqCall.update} in a shared-queue processor: each polled completion is
 * decoded into a work-completion slot that is reused from one completion to the next, and the
 * queue pair number is copied into it only for a successful completion. Known-broken: an error
 * completion (a flush at disconnect) is routed by the queue pair number of the completion before
 * it, to another endpoint (CQ-6).
 */
class StaleSlotProcessor extends SharedQueueProcessor {

    /** DiSNI's reused {@code IbvWC}: what the last decoded completion left in it. */
    private int slotQueuePair;

    StaleSlotProcessor(CompletionQueue queue) {
        super(queue);
    }

    @Override
    protected int owner(Completion c) {
        if (c.status() == Completion.Status.SUCCESS) {
            slotQueuePair = c.queuePairNumber();
        }
        return slotQueuePair;
    }
}
