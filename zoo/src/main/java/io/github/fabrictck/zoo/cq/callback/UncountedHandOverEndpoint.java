package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.ArrayList;
import java.util.List;

/**
 * The in-flight endpoint with the count drawn around the queues only: the handler takes a batch
 * (poll, re-arm, poll again while the device reports missed completions) and publishes it to the
 * waiters while it is counted in, as the correct design does, then counts itself out, so that a slow
 * application does not hold up {@code close()}, and hands the batch to the application's callback.
 * {@code close()} waits only for the queue work: a handler between counting itself out and its
 * callback is not waited for, and hands its batch over after {@code close()} returned. No queue is
 * touched after the destroy, so only the callback's side shows the bug.
 */
final class UncountedHandOverEndpoint extends InFlightEndpoint {

    UncountedHandOverEndpoint(QueuePair queuePair) {
        super(queuePair);
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        List<Completion> batch = new ArrayList<>();
        countIn();
        try {
            cq.acknowledgeEvents(1);
            if (closed) {
                return;
            }
            do {
                for (Completion c = cq.poll(); c != null; c = cq.poll()) {
                    publish(c);
                    batch.add(c);
                }
            } while (cq.requestNotify(true) > 0);
        } finally {
            countOut(); // the queues are done with: close() may destroy them
        }
        for (Completion c : batch) {
            handOver(c);
        }
    }
}
