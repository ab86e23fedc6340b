package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * A missed-events endpoint, the Linux {@code ib_cq} loop: the completion handler drains its queue,
 * re-arms it with {@code requestNotify(true)}, and drains again while the device answers that
 * completions may be waiting ({@code > 0}); waiters poll and sleep on the endpoint's monitor.
 *
 * <p>Why it is correct: the device answers {@code > 0} exactly when a completion is queued at the
 * arm, which no event will announce; the loop then drains it and arms again, and only an arm that
 * answers 0 ends the loop, after which any completion raises an event. Waiters check and sleep
 * under the monitor that every publication notifies.
 *
 * <p>Teardown: events are counted in and out in an {@link EventLedger}; {@code close()} waits for
 * every event taken to be acknowledged and handled, then destroys the queue pair.
 */
class MissedEventsEndpoint implements CompletionQueueDriver {

    private final QueuePair queuePair;
    private final CompletionQueue sendCq;
    private final CompletionQueue receiveCq;
    private final EventLedger ledger = new EventLedger();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private long posted;
    private long completed;

    MissedEventsEndpoint(QueuePair queuePair) {
        this.queuePair = queuePair;
        this.sendCq = queuePair.sendCompletionQueue();
        this.receiveCq = queuePair.receiveCompletionQueue();
        sendCq.requestNotify(false);
        receiveCq.requestNotify(false);
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        if (!ledger.take(cq)) {
            return;
        }
        try {
            cq.acknowledgeEvents(1);
            rearm(cq);
        } finally {
            ledger.finish();
        }
    }

    /** Drains and re-arms until the device reports no missed completion. */
    protected void rearm(CompletionQueue cq) {
        do {
            drain(cq);
        } while (cq.requestNotify(true) > 0);
    }

    protected final void drain(CompletionQueue cq) {
        for (Completion c = cq.poll(); c != null; c = cq.poll()) {
            take(c);
        }
    }

    private synchronized void take(Completion c) {
        if (c.opcode() == Completion.Opcode.SEND) {
            completed++;
        } else {
            inbox.add(c.payload());
        }
        notifyAll();
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
        drain(sendCq);
        synchronized (this) {
            while (completed < posted) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
            return true;
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        drain(receiveCq);
        synchronized (this) {
            while (inbox.isEmpty()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
                wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
            return inbox.poll();
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }
}
