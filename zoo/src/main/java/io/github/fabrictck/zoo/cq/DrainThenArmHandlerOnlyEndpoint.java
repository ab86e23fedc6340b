package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.List;

/**
 * The handler-only endpoint whose handler drains, then re-arms, and does not poll again: a
 * completion that lands between its last poll and the arm raises no event, and since nobody else
 * polls, it is never taken.
 */
final class DrainThenArmHandlerOnlyEndpoint extends HandlerOnlyEndpoint {

    DrainThenArmHandlerOnlyEndpoint(QueuePair queuePair) {
        super(queuePair);
    }

    @Override
    protected void service(CompletionQueue cq, List<Completion> into) {
        drain(cq, into);
        cq.requestNotify(false);
    }
}
