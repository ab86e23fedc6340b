package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * A condition endpoint: a {@link ReentrantLock} and one {@link Condition}; the waiter polls outside
 * the lock, then takes the lock, re-checks its predicate and only then {@code awaitNanos}; the
 * handler re-arms before it publishes and {@code signalAll}s.
 *
 * <p>Why it is correct: the handler acknowledges, drains, re-arms and drains again, so every
 * completion is either taken by it or announced by a later event. The waiter's empty poll happens
 * outside the lock, so the handler may publish between that poll and the wait; the waiter therefore
 * re-checks its predicate under the lock right before {@code awaitNanos} (which releases the lock
 * atomically), and the handler publishes and signals under the same lock: no signal is lost.
 *
 * <p>Teardown: events are counted in and out in an {@link EventLedger}; {@code close()} waits for
 * every event taken to be acknowledged and handled, then destroys the queue pair.
 */
class ConditionEndpoint implements CompletionQueueDriver {

    private final QueuePair queuePair;
    private final CompletionQueue sendCq;
    private final CompletionQueue receiveCq;
    private final EventLedger ledger = new EventLedger();
    protected final ReentrantLock lock = new ReentrantLock();
    protected final Condition progress = lock.newCondition();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private long posted;
    private long completed;

    ConditionEndpoint(QueuePair queuePair) {
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
            List<Completion> taken = new ArrayList<>();
            for (Completion c = cq.poll(); c != null; c = cq.poll()) {
                taken.add(c);
            }
            cq.requestNotify(false);
            for (Completion c = cq.poll(); c != null; c = cq.poll()) {
                taken.add(c);
            }
            publish(taken);
        } finally {
            ledger.finish();
        }
    }

    @Override
    public void send(byte[] payload) {
        long id;
        lock.lock();
        try {
            id = ++posted;
        } finally {
            lock.unlock();
        }
        queuePair.postSend(id, payload);
    }

    @Override
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        long nanos = timeout.toNanos();
        while (true) {
            if (sendsDone()) {
                return true;
            }
            Completion c = sendCq.poll();
            if (c != null) {
                publish(List.of(c));
                continue;
            }
            if (nanos <= 0) {
                return false;
            }
            nanos = awaitProgress(this::sendsDone, nanos);
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long nanos = timeout.toNanos();
        while (true) {
            byte[] message = nextMessage();
            if (message != null) {
                return message;
            }
            Completion c = receiveCq.poll();
            if (c != null) {
                publish(List.of(c));
                continue;
            }
            if (nanos <= 0) {
                return null;
            }
            nanos = awaitProgress(this::messageWaiting, nanos);
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }

    /**
     * Sleeps until the handler signals progress, unless {@code ready} already holds: checked under
     * the lock, because the handler may have published after the caller's empty poll.
     *
     * @return the nanoseconds left
     */
    protected long awaitProgress(BooleanSupplier ready, long nanos) throws InterruptedException {
        lock.lock();
        try {
            if (ready.getAsBoolean()) {
                return nanos;
            }
            return progress.awaitNanos(nanos);
        } finally {
            lock.unlock();
        }
    }

    /** Whether every posted send has completed; takes the lock. */
    protected final boolean sendsDone() {
        lock.lock();
        try {
            return completed >= posted;
        } finally {
            lock.unlock();
        }
    }

    private boolean messageWaiting() {
        lock.lock();
        try {
            return !inbox.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    private byte[] nextMessage() {
        lock.lock();
        try {
            return inbox.poll();
        } finally {
            lock.unlock();
        }
    }

    private void publish(List<Completion> taken) {
        lock.lock();
        try {
            for (Completion c : taken) {
                if (c.opcode() == Completion.Opcode.SEND) {
                    completed++;
                } else {
                    inbox.add(c.payload());
                }
            }
            progress.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
