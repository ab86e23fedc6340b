package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A locked-handler endpoint: the completion handler holds the driver's {@link ReentrantLock} from
 * its first poll to its last, across the re-arm; the waiter takes the same lock to poll once when
 * it comes in, then waits on the lock's {@link Condition} for the handler's word.
 *
 * <p>Why it is correct: under the lock the handler acknowledges, drains, re-arms and drains again,
 * so no completion is left unannounced, and no other thread can poll in between. The waiter's own
 * poll and predicate check happen under the lock, and {@code awaitNanos} releases it atomically;
 * the handler signals under the lock after it published, so no word is lost.
 *
 * <p>Teardown: events are counted in and out in an {@link EventLedger}; {@code close()} waits for
 * every event taken to be acknowledged and handled, then destroys the queue pair.
 */
class LockedHandlerEndpoint implements CompletionQueueDriver {

    private final QueuePair queuePair;
    private final CompletionQueue sendCq;
    private final CompletionQueue receiveCq;
    private final EventLedger ledger = new EventLedger();
    private final ReentrantLock deviceLock = new ReentrantLock();
    private final Condition progress = deviceLock.newCondition();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private long posted;
    private long completed;

    LockedHandlerEndpoint(QueuePair queuePair) {
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
        deviceLock.lock();
        try {
            cq.acknowledgeEvents(1);
            service(cq);
            progress.signalAll();
        } finally {
            deviceLock.unlock();
            ledger.finish();
        }
    }

    /** Drains the queue, re-arms it and drains it again; called with the lock held. */
    protected void service(CompletionQueue cq) {
        drain(cq);
        cq.requestNotify(false);
        drain(cq);
    }

    @Override
    public void send(byte[] payload) {
        long id;
        deviceLock.lock();
        try {
            id = ++posted;
        } finally {
            deviceLock.unlock();
        }
        queuePair.postSend(id, payload);
    }

    @Override
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        long nanos = timeout.toNanos();
        deviceLock.lock();
        try {
            drain(sendCq);
            while (completed < posted) {
                if (nanos <= 0) {
                    return false;
                }
                nanos = progress.awaitNanos(nanos);
            }
            return true;
        } finally {
            deviceLock.unlock();
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long nanos = timeout.toNanos();
        deviceLock.lock();
        try {
            drain(receiveCq);
            while (inbox.isEmpty()) {
                if (nanos <= 0) {
                    return null;
                }
                nanos = progress.awaitNanos(nanos);
            }
            return inbox.poll();
        } finally {
            deviceLock.unlock();
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }

    /** Polls a queue until empty and publishes what it took; called with the lock held. */
    protected final void drain(CompletionQueue cq) {
        for (Completion c = cq.poll(); c != null; c = cq.poll()) {
            if (c.opcode() == Completion.Opcode.SEND) {
                completed++;
            } else {
                inbox.add(c.payload());
            }
        }
    }
}
