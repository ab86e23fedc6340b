package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The handler holds the driver's monitor across acknowledge, drain and re-arm and notifies; the
 * waiter never polls, and checks under the monitor every 10 ms as well as on each notify (a
 * vendor's safety net). Correct when the handler polls once more after its re-arm
 * ({@code repoll}); the broken twin drains, then re-arms and does not poll again, so a completion
 * landing between its last poll and its re-arm is stranded: the waiter's tick only reads what the
 * handler published, never the queue.
 */
class LockedTickEndpoint implements CompletionQueueDriver {

    private final QueuePair queuePair;
    private final boolean repoll;
    private final EventCount ledger = new EventCount();
    private final Object monitor = new Object();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private long posted;
    private long completed;

    LockedTickEndpoint(QueuePair queuePair, boolean repoll) {
        this.queuePair = queuePair;
        this.repoll = repoll;
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        if (!ledger.take(cq)) {
            return;
        }
        try {
            synchronized (monitor) {
                cq.acknowledgeEvents(1);
                drain(cq);
                cq.requestNotify(false);
                if (repoll) {
                    drain(cq);
                }
                monitor.notifyAll();
            }
        } finally {
            ledger.finish();
        }
    }

    /** Takes every completion into the state; the caller holds the monitor. */
    private void drain(CompletionQueue cq) {
        for (Completion c = cq.poll(); c != null; c = cq.poll()) {
            if (c.opcode() == Completion.Opcode.SEND) {
                completed++;
            } else {
                inbox.add(c.payload());
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
                if (!tick(deadline)) {
                    return false;
                }
            }
            return true;
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (monitor) {
            while (inbox.isEmpty()) {
                if (!tick(deadline)) {
                    return null;
                }
            }
            return inbox.poll();
        }
    }

    /** Waits on the monitor (held) for a notify or 10 ms; false at the deadline. */
    private boolean tick(long deadline) throws InterruptedException {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
            return false;
        }
        monitor.wait(Math.min(10, left));
        return true;
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }
}
