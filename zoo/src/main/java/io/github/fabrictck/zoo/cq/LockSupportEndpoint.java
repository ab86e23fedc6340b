package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A park/unpark endpoint: the waiter announces itself in a {@code volatile} field and sleeps with
 * {@link LockSupport#parkNanos}; the handler acknowledges, drains, re-arms, drains again, publishes
 * into atomics and {@link LockSupport#unpark}s the waiter it finds in the field. No lock anywhere.
 *
 * <p>Why it is correct: the handler's drain, arm, drain leaves no completion unannounced. The
 * waiter writes the field before it checks its predicate, the handler publishes before it reads
 * the field; both are volatile accesses, so either the waiter sees the publication or the handler
 * sees the waiter, and an {@code unpark} that comes before the {@code park} is kept as a permit.
 * One application thread waits at a time for sends and one for messages.
 *
 * <p>Teardown: events are counted in and out in an {@link EventLedger}; {@code close()} waits for
 * every event taken to be acknowledged and handled, then destroys the queue pair.
 */
final class LockSupportEndpoint implements CompletionQueueDriver {

    private final QueuePair queuePair;
    private final CompletionQueue sendCq;
    private final CompletionQueue receiveCq;
    private final EventLedger ledger;
    private final AtomicLong posted = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();
    private final ConcurrentLinkedQueue<byte[]> inbox = new ConcurrentLinkedQueue<>();
    private volatile Thread sendWaiter;
    private volatile Thread receiveWaiter;

    LockSupportEndpoint(QueuePair queuePair) {
        this(queuePair, new EventLedger());
    }

    LockSupportEndpoint(QueuePair queuePair, EventLedger ledger) {
        this.ledger = ledger;
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
            drain(cq);
            cq.requestNotify(false);
            drain(cq);
            LockSupport.unpark(cq == sendCq ? sendWaiter : receiveWaiter);
        } finally {
            ledger.finish();
        }
    }

    @Override
    public void send(byte[] payload) {
        queuePair.postSend(posted.incrementAndGet(), payload);
    }

    @Override
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        sendWaiter = Thread.currentThread();
        try {
            while (completed.get() < posted.get()) {
                if (drain(sendCq) > 0) {
                    continue;
                }
                if (!park(deadline)) {
                    return false;
                }
            }
            return true;
        } finally {
            sendWaiter = null;
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        receiveWaiter = Thread.currentThread();
        try {
            while (true) {
                byte[] message = inbox.poll();
                if (message != null) {
                    return message;
                }
                if (drain(receiveCq) > 0) {
                    continue;
                }
                if (!park(deadline)) {
                    return null;
                }
            }
        } finally {
            receiveWaiter = null;
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }

    /** Parks until unparked or the deadline (spurious returns are fine: the caller re-checks). */
    private boolean park(long deadline) throws InterruptedException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        LockSupport.parkNanos(this, left);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        return true;
    }

    private int drain(CompletionQueue cq) {
        int n = 0;
        for (Completion c = cq.poll(); c != null; c = cq.poll(), n++) {
            if (c.opcode() == Completion.Opcode.SEND) {
                completed.incrementAndGet();
            } else {
                inbox.add(c.payload());
            }
        }
        return n;
    }
}
