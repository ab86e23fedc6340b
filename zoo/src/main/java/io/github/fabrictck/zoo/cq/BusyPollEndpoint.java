package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;

/**
 * A busy poller: no event is relied on; {@code awaitSendsComplete} and {@code receive} spin on
 * their queue with {@link Thread#onSpinWait} until done or the deadline, as latency-bound
 * userspace transports do. The queues are never armed; the handler only acknowledges whatever event
 * the device still delivers (a spurious one).
 *
 * <p>Why it is correct: a waiting application thread polls its queue continuously, so a
 * completion is taken as soon as it lands whether or not an event announces it; a completion that
 * lands while nobody waits is taken by the next call, which polls before it looks at its deadline.
 * Only application threads touch the state, one at a time per queue, under the endpoint's monitor.
 *
 * <p>Teardown: events are counted in and out in an {@link EventLedger}; {@code close()} waits for
 * every event taken to be acknowledged, then destroys the queue pair.
 */
final class BusyPollEndpoint implements CompletionQueueDriver {

    private final QueuePair queuePair;
    private final CompletionQueue sendCq;
    private final CompletionQueue receiveCq;
    private final EventLedger ledger = new EventLedger();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private long posted;
    private long completed;

    BusyPollEndpoint(QueuePair queuePair) {
        this.queuePair = queuePair;
        this.sendCq = queuePair.sendCompletionQueue();
        this.receiveCq = queuePair.receiveCompletionQueue();
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        if (!ledger.take(cq)) {
            return;
        }
        try {
            cq.acknowledgeEvents(1);
        } finally {
            ledger.finish();
        }
    }

    @Override
    public void send(byte[] payload) {
        long id;
        synchronized (this) {
            id = ++posted;
        }
        queuePair.postSend(id, payload);
    }

    @Override
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Completion c = sendCq.poll();
            synchronized (this) {
                if (c != null) {
                    completed++;
                }
                if (completed >= posted) {
                    return true;
                }
            }
            if (c == null) {
                if (System.nanoTime() - deadline >= 0) {
                    return false;
                }
                spin();
            }
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Completion c = receiveCq.poll();
            synchronized (this) {
                if (c != null) {
                    inbox.add(c.payload());
                }
                if (!inbox.isEmpty()) {
                    return inbox.poll();
                }
            }
            if (System.nanoTime() - deadline >= 0) {
                return null;
            }
            spin();
        }
    }

    /** One turn of the spin; a spinning caller still answers an interrupt, as a blocking one would. */
    private static void spin() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        Thread.onSpinWait();
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }
}
