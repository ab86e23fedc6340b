package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A completion-queue endpoint that keeps the device's interrupt thread short: the completion handler
 * only hands the event to a private {@link ForkJoinPool} of parallelism 1, whose task does the verbs work
 * (acknowledge, drain, re-arm). Endpoint state lives under one {@link ReentrantLock} with two
 * {@link Condition}s, {@code sendsDone} and {@code arrived}, one per kind of waiter.
 *
 * <p>Verbs work per event, inside the lock: acknowledge; drain the queue; arm it with
 * {@code reportMissedEvents} and drain again for as long as the device says completions may have been
 * missed. Close: refuse new events (a refused event is acknowledged on the interrupt thread), let the pool
 * finish the tasks it has ({@code shutdown} + {@code awaitTermination}), then destroy the queue pair.
 */
final class ForkJoinEndpoint implements CompletionQueueDriver {

    private final QueuePair qp;
    private final ExecutorService pool;
    /** The broken twin's re-arm: drain, then arm, with no poll after the arm. */
    private final boolean drainThenArm;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition sendsDone = lock.newCondition();
    private final Condition arrived = lock.newCondition();

    // ---- guarded by lock
    private long posted;
    private long completed;
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private boolean closing;
    private long nextId = 1;

    ForkJoinEndpoint(QueuePair qp, boolean drainThenArm) {
        this.qp = qp;
        this.drainThenArm = drainThenArm;
        // a pool of its own for every endpoint: its workers' names carry the JVM's pool number (ForkJoinPool-12-worker-1)
        this.pool = new ForkJoinPool(1);
        qp.sendCompletionQueue().requestNotify(false);
        qp.receiveCompletionQueue().requestNotify(false);
    }

    @Override
    public void onCompletionEvent(CompletionQueue queue) {
        try {
            pool.execute(() -> service(queue));
        } catch (RejectedExecutionException closed) {
            queue.acknowledgeEvents(1); // closing: nobody will service it, but it must be acknowledged
        }
    }

    /** Runs on the pool: one event's verbs work. */
    private void service(CompletionQueue queue) {
        lock.lock();
        try {
            queue.acknowledgeEvents(1);
            if (closing) {
                return;
            }
            rearmAndDrain(queue);
        } finally {
            lock.unlock();
        }
    }

    /** Under the lock: drain, arm, and drain again while the device reports missed completions. */
    private void rearmAndDrain(CompletionQueue queue) {
        if (drainThenArm) {
            drain(queue);
            queue.requestNotify(false); // the bug: a completion between the last empty poll and the arm is never seen
            return;
        }
        do {
            drain(queue);
        } while (queue.requestNotify(true) > 0);
    }

    /** Under the lock. */
    private void drain(CompletionQueue queue) {
        boolean sends = false;
        boolean receives = false;
        for (Completion c = queue.poll(); c != null; c = queue.poll()) {
            if (c.opcode() == Completion.Opcode.SEND) {
                completed++;
                sends = true;
            } else if (c.opcode() == Completion.Opcode.RECEIVE) {
                inbox.add(c.payload());
                receives = true;
            }
        }
        if (sends) {
            sendsDone.signalAll();
        }
        if (receives) {
            arrived.signalAll();
        }
    }

    @Override
    public void send(byte[] payload) {
        long id;
        lock.lock();
        try {
            if (closing) {
                throw new IllegalStateException("endpoint closed");
            }
            posted++;
            id = nextId++;
        } finally {
            lock.unlock();
        }
        qp.postSend(id, payload);
    }

    @Override
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        long nanos = timeout.toNanos();
        lock.lock();
        try {
            while (completed < posted) {
                if (nanos <= 0) {
                    return false;
                }
                nanos = sendsDone.awaitNanos(nanos);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long nanos = timeout.toNanos();
        lock.lock();
        try {
            while (inbox.isEmpty()) {
                if (nanos <= 0) {
                    return null;
                }
                nanos = arrived.awaitNanos(nanos);
            }
            return inbox.poll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (closing) {
                return;
            }
            closing = true;
            sendsDone.signalAll();
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
        pool.shutdown();
        try {
            while (!pool.awaitTermination(1, TimeUnit.DAYS)) {
                // keep waiting: queued tasks still hold events to acknowledge
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        qp.destroy();
    }
}
