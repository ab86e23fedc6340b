package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A monitor design with per-event statistics, as a production driver keeps them: at each event the
 * handler bumps {@code STATS} counters of an {@link AtomicLongArray} (events, per-queue counts,
 * histogram buckets) before it touches the queue. The waiter never polls. Correct when it re-arms
 * before its drain ({@code armFirst}); the broken twin drains, then re-arms and does not poll again.
 */
class CountedEndpoint implements CompletionQueueDriver {

    /** How many counters the handler updates per event. */
    static final int STATS = 24;

    private final QueuePair queuePair;
    private final boolean armFirst;
    private final boolean bothQueues;
    private final int counters;
    private final EventCount ledger = new EventCount();
    private final AtomicLongArray stats = new AtomicLongArray(STATS);
    private final Object monitor = new Object();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private long posted;
    private long completed;

    CountedEndpoint(QueuePair queuePair, boolean armFirst) {
        this(queuePair, armFirst, false);
    }

    /**
     * With {@code bothQueues}, every event services both queues the brpc way: drain both, arm both,
     * poll the send queue once more but not the receive queue (the bug of CQ-3).
     */
    CountedEndpoint(QueuePair queuePair, boolean armFirst, boolean bothQueues) {
        this(queuePair, armFirst, bothQueues, STATS);
    }

    /** As above, updating only {@code counters} statistics per event (0: none, the control of the probe). */
    CountedEndpoint(QueuePair queuePair, boolean armFirst, boolean bothQueues, int counters) {
        this.counters = counters;
        this.queuePair = queuePair;
        this.armFirst = armFirst;
        this.bothQueues = bothQueues;
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        if (!ledger.take(cq)) {
            return;
        }
        try {
            for (int i = 0; i < counters; i++) {
                stats.incrementAndGet(i);
            }
            cq.acknowledgeEvents(1);
            if (bothQueues) {
                CompletionQueue send = queuePair.sendCompletionQueue();
                CompletionQueue receive = queuePair.receiveCompletionQueue();
                drain(send);
                drain(receive);
                send.requestNotify(false);
                receive.requestNotify(false);
                drain(send);
            } else if (armFirst) {
                cq.requestNotify(false);
                drain(cq);
            } else {
                drain(cq);
                cq.requestNotify(false);
            }
        } finally {
            ledger.finish();
        }
    }

    private void drain(CompletionQueue cq) {
        for (Completion c = cq.poll(); c != null; c = cq.poll()) {
            synchronized (monitor) {
                if (c.opcode() == Completion.Opcode.SEND) {
                    completed++;
                } else {
                    inbox.add(c.payload());
                }
                monitor.notifyAll();
            }
        }
    }

    @Override
    public void send(byte[] payload) {
        long id;
        synchronized (monitor) {
            id = ++posted;
        }
        queuePair.postSend(id, payload);
    }

    @Override
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (monitor) {
            while (completed < posted) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return false;
                }
                monitor.wait(left);
            }
            return true;
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (monitor) {
            while (inbox.isEmpty()) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return null;
                }
                monitor.wait(left);
            }
            return inbox.poll();
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }
}
