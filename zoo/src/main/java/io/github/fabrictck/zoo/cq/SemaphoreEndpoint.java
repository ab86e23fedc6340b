package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A semaphore endpoint: completions are counted with {@link Semaphore}s; whoever takes a send
 * completion releases one permit, {@code awaitSendsComplete} takes one permit per outstanding send
 * with {@code tryAcquire(n, timeout)}; messages likewise. On any event the handler drains both
 * queues, arms both and polls both again.
 *
 * <p>Why it is correct: after the handler arms a queue, a completion raises an event; one that
 * landed before the arm is found by the poll that follows it, on both queues. A permit, once
 * released, is never lost whether or not anybody waits yet, so the waiter cannot miss a wake-up.
 *
 * <p>Teardown: events are counted in and out in an {@link EventLedger}; {@code close()} waits for
 * every event taken to be acknowledged and handled, then destroys the queue pair.
 */
class SemaphoreEndpoint implements CompletionQueueDriver {

    private final QueuePair queuePair;
    protected final CompletionQueue sendCq;
    protected final CompletionQueue receiveCq;
    private final EventLedger ledger = new EventLedger();
    private final Semaphore sendsCompleted = new Semaphore(0);
    private final Semaphore messagesWaiting = new Semaphore(0);
    private final ConcurrentLinkedQueue<byte[]> inbox = new ConcurrentLinkedQueue<>();
    private final AtomicLong posted = new AtomicLong();
    /** Sends whose permits earlier waits took; the application waits from one thread at a time. */
    private long awaited;

    SemaphoreEndpoint(QueuePair queuePair) {
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
            drain(sendCq);
            drain(receiveCq);
            sendCq.requestNotify(false);
            receiveCq.requestNotify(false);
            pollAfterArm();
        } finally {
            ledger.finish();
        }
    }

    /** Polls the queues once more after arming them: what landed before the arm raises no event. */
    protected void pollAfterArm() {
        drain(sendCq);
        drain(receiveCq);
    }

    @Override
    public void send(byte[] payload) {
        queuePair.postSend(posted.incrementAndGet(), payload);
    }

    @Override
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        drain(sendCq);
        long outstanding = posted.get() - awaited;
        if (!sendsCompleted.tryAcquire((int) outstanding, timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            return false;
        }
        awaited += outstanding;
        return true;
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        drain(receiveCq);
        if (!messagesWaiting.tryAcquire(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            return null;
        }
        return inbox.poll();
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }

    /** Takes every completion of a queue, releasing one permit for each. */
    protected final int drain(CompletionQueue cq) {
        int n = 0;
        for (Completion c = cq.poll(); c != null; c = cq.poll(), n++) {
            if (c.opcode() == Completion.Opcode.SEND) {
                sendsCompleted.release();
            } else {
                inbox.add(c.payload());
                messagesWaiting.release();
            }
        }
        return n;
    }
}
