package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * A re-arm-in-receive endpoint: the application-side calls do the work; {@code awaitSendsComplete}
 * and {@code receive} poll their queue, arm it, poll it again and only then sleep; the completion
 * handler only acknowledges the event and wakes the sleepers (it bumps a generation count).
 *
 * <p>Why it is correct: the waiter reads the generation before it arms; a completion that lands
 * before the arm takes effect is found by the poll after the arm, one that lands after raises an
 * event whose handler bumps the generation, so the waiter, which sleeps only while the generation
 * it read is current, wakes and polls again. A queue nobody waits on stays disarmed, and what lands
 * there is taken by the next call, which polls first.
 *
 * <p>Teardown: events are counted in and out in an {@link EventLedger}; {@code close()} waits for
 * every event taken to be acknowledged, then destroys the queue pair.
 */
final class RearmInReceiveEndpoint implements CompletionQueueDriver {

    private final QueuePair queuePair;
    private final CompletionQueue sendCq;
    private final CompletionQueue receiveCq;
    private final EventLedger ledger = new EventLedger();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private long generation;
    private long posted;
    private long completed;

    RearmInReceiveEndpoint(QueuePair queuePair) {
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
            synchronized (this) {
                generation++;
                notifyAll();
            }
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
            long seen;
            synchronized (this) {
                if (completed >= posted) {
                    return true;
                }
                seen = generation;
            }
            if (drain(sendCq) > 0) {
                continue;
            }
            sendCq.requestNotify(false);
            if (drain(sendCq) > 0) {
                continue;
            }
            if (!sleep(seen, deadline)) {
                return false;
            }
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long seen;
            synchronized (this) {
                if (!inbox.isEmpty()) {
                    return inbox.poll();
                }
                seen = generation;
            }
            if (drain(receiveCq) > 0) {
                continue;
            }
            receiveCq.requestNotify(false);
            if (drain(receiveCq) > 0) {
                continue;
            }
            if (!sleep(seen, deadline)) {
                return null;
            }
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }

    /** Sleeps while the generation is still {@code seen}; false at the deadline. */
    private synchronized boolean sleep(long seen, long deadline) throws InterruptedException {
        while (generation == seen) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
        return true;
    }

    private int drain(CompletionQueue cq) {
        int n = 0;
        for (Completion c = cq.poll(); c != null; c = cq.poll(), n++) {
            synchronized (this) {
                if (c.opcode() == Completion.Opcode.SEND) {
                    completed++;
                } else {
                    inbox.add(c.payload());
                }
            }
        }
        return n;
    }
}
