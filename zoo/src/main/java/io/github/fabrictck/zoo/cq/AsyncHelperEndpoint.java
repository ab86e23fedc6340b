package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.concurrent.CompletableFuture;

/**
 * A handler that hands each event to {@code CompletableFuture.runAsync} with no executor of its own:
 * the JDK's default async pool (the common pool, or, where its parallelism is below 2, as on a 2-core
 * machine, a new plain thread per task). Neither the pool nor its threads come from the driver
 * context: the kit must see them as the driver's from the hand-off on.
 *
 * <p>The task acknowledges the event, re-arms the queue and polls it until empty, publishing each
 * completion to the application ({@link PublishingEndpoint}). Why it is correct: it arms before it polls,
 * so a completion that lands before the arm is found by the poll and one after raises an event, whose
 * task runs after it. The broken twin ({@code armFirst == false}) polls until empty and then arms, with
 * no poll after the arm: a completion that lands between its last poll and the arm is never announced.
 *
 * <p>Teardown: the handler counts the event in ({@link EventLedger}) before the hand-off, the task counts
 * it out; {@code close()} waits until they meet, then destroys the queue pair.
 */
class AsyncHelperEndpoint extends PublishingEndpoint {

    private final boolean armFirst;
    private final EventLedger ledger = new EventLedger();
    private final Object drainLock = new Object();

    AsyncHelperEndpoint(DriverContext context, QueuePair queuePair, boolean armFirst) {
        super(queuePair);
        this.armFirst = armFirst;
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        if (!ledger.take(cq)) {
            return;
        }
        CompletableFuture.runAsync(() -> {
            try {
                cq.acknowledgeEvents(1);
                if (armFirst) {
                    cq.requestNotify(false);
                    drain(cq);
                } else {
                    drain(cq);
                    cq.requestNotify(false);
                }
            } finally {
                ledger.finish();
            }
        });
    }

    /**
     * Polls until empty, one task at a time: on 2 cores the common pool runs each task on a thread of its own, and a
     * task between its poll and its publication would otherwise let another publish a later message first (R2
     * before R1).
     */
    private void drain(CompletionQueue cq) {
        synchronized (drainLock) {
            for (Completion c = cq.poll(); c != null; c = cq.poll()) {
                publish(c);
            }
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }
}
