package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Interrupt moderation: the handler only acknowledges the event and, unless a drain of that queue is already due,
 * schedules one {@value #MODERATION_MS} ms later on the context's scheduler, so that a burst of completions is taken
 * in one pass on the timer's thread. The drain re-arms the queue, then polls it until empty, publishing each completion
 * ({@link PublishingEndpoint}): a completion that lands before the arm is found by the poll, one after raises an event
 * and its own drain. The broken twin ({@code armFirst == false}) polls until empty and then re-arms, with no poll after
 * the arm: a completion that lands between its last poll and the arm is never announced. The moderation delay is
 * longer than the kit's "imminent timer" (100 ms): the kit must still try the drain's points.
 *
 * <p>Teardown: {@code close()} cancels the drains not yet due, waits out one that runs (they hold {@code drainLock}),
 * then destroys the queue pair; every event was acknowledged in the handler.
 */
class CoalescingEndpoint extends PublishingEndpoint {

    static final long MODERATION_MS = 150;

    private final DriverContext context;
    private final boolean armFirst;
    private final Object drainLock = new Object();
    private final Map<CompletionQueue, ScheduledFuture<?>> due = new ConcurrentHashMap<>();
    private volatile boolean closing;

    CoalescingEndpoint(DriverContext context, QueuePair queuePair, boolean armFirst) {
        super(queuePair);
        this.context = context;
        this.armFirst = armFirst;
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        cq.acknowledgeEvents(1);
        if (closing) {
            return;
        }
        due.computeIfAbsent(cq, q -> context.scheduler().schedule(() -> drain(q), MODERATION_MS, TimeUnit.MILLISECONDS));
    }

    private void drain(CompletionQueue cq) {
        synchronized (drainLock) {
            due.remove(cq);
            if (closing) {
                return;
            }
            if (armFirst) {
                cq.requestNotify(false);
                pollAll(cq);
            } else {
                pollAll(cq);
                cq.requestNotify(false);
            }
        }
    }

    private void pollAll(CompletionQueue cq) {
        for (Completion c = cq.poll(); c != null; c = cq.poll()) {
            publish(c);
        }
    }

    @Override
    public void close() {
        closing = true;
        due.values().forEach(f -> f.cancel(false));
        synchronized (drainLock) {
            queuePair.destroy();
        }
    }
}
