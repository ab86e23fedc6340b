package io.github.fabrictck.sample;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.ArrayList;
import java.util.List;

/**
 * DiSNI's {@code RdmaCqProcessor.run} as a completion handler: re-arm, poll a batch into an array,
 * hand it to the application one by one, poll again until empty, all inside one {@code try} whose
 * {@code catch} logs and keeps going. Known-broken: when the application's callback throws, the
 * rest of the batch is never handed over (CQ-5).
 */
class BatchDispatchEndpoint extends Endpoint {

    /** DiSNI's {@code wcList}: as many work completions as one poll takes. */
    private static final int BATCH = 16;

    BatchDispatchEndpoint(QueuePair queuePair) {
        super(queuePair);
    }

    @Override
    protected void handle(CompletionQueue queue) {
        queue.requestNotify(false);
        try {
            List<Completion> batch = poll(queue);
            while (!batch.isEmpty()) {
                for (Completion c : batch) {
                    consumeOrThrow(c);
                }
                batch = poll(queue);
            }
        } catch (RuntimeException e) {
            // the bug, as DiSNI has it: "caught exception but keep going", and the batch is gone
        }
    }

    private static List<Completion> poll(CompletionQueue queue) {
        List<Completion> batch = new ArrayList<>();
        while (batch.size() < BATCH) {
            Completion c = queue.poll();
            if (c == null) {
                break;
            }
            batch.add(c);
        }
        return batch;
    }
}
