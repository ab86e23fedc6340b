package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A libfabric-style {@code fi_cq_sread}: the application's waiting thread is the one that reads the
 * completion queue, and a queue is armed only while someone waits on it. {@code sread}: read the
 * queue; if that did not satisfy the caller, remember the wait object's signal count, arm the queue,
 * read it again (what landed between the first read and the arm raises no event), and only then block
 * until the count moves. The completion handler reads nothing: it acknowledges the event and bumps the
 * wait object of that queue. Each queue has its own wait object; sends are counted posted/reaped,
 * received payloads go to an inbox.
 *
 * <p>{@code repollAfterArm == false} is the broken twin, libfabric issue #796 before its fix: read,
 * arm, block, with no read after the arm.
 *
 * <p>Teardown: the handler runs under the read side of a {@link ReentrantReadWriteLock} and always
 * acknowledges; {@code close()} marks the endpoint closed under the write side (so no handler is half
 * way), then destroys the queue pair outside every lock.
 */
final class SreadEndpoint implements CompletionQueueDriver {

    /** A wait object: a signal count and the condition its sleepers wait on. */
    private static final class WaitObject {
        final ReentrantLock lock = new ReentrantLock();
        final Condition moved = lock.newCondition();
        long signals;

        long count() {
            lock.lock();
            try {
                return signals;
            } finally {
                lock.unlock();
            }
        }

        void signal() {
            lock.lock();
            try {
                signals++;
                moved.signalAll();
            } finally {
                lock.unlock();
            }
        }

        /** Blocks until the count differs from {@code seen} or the deadline; whether it moved. */
        boolean awaitPast(long seen, long deadlineNanos) throws InterruptedException {
            lock.lock();
            try {
                while (signals == seen) {
                    long left = deadlineNanos - System.nanoTime();
                    if (left <= 0) {
                        return false;
                    }
                    moved.awaitNanos(left);
                }
                return true;
            } finally {
                lock.unlock();
            }
        }
    }

    private final QueuePair qp;
    private final CompletionQueue txCq;
    private final CompletionQueue rxCq;
    private final WaitObject txWait = new WaitObject();
    private final WaitObject rxWait = new WaitObject();
    private final boolean repollAfterArm;
    private final ReentrantReadWriteLock teardown = new ReentrantReadWriteLock();
    private boolean closed; // guarded by teardown
    private final Object books = new Object();
    private long posted; // guarded by books
    private long reaped; // guarded by books
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>(); // guarded by books

    SreadEndpoint(QueuePair qp, boolean repollAfterArm) {
        this.qp = qp;
        this.txCq = qp.sendCompletionQueue();
        this.rxCq = qp.receiveCompletionQueue();
        this.repollAfterArm = repollAfterArm;
        // nothing armed: a queue is armed by the thread that is about to wait on it
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        teardown.readLock().lock();
        try {
            cq.acknowledgeEvents(1);
            if (!closed) {
                (cq == txCq ? txWait : rxWait).signal();
            }
        } finally {
            teardown.readLock().unlock();
        }
    }

    @Override
    public void send(byte[] payload) {
        long id;
        synchronized (books) {
            id = ++posted;
        }
        qp.postSend(id, payload);
    }

    /** fi_cq_read on the send queue: reaps everything there; whether every posted send is reaped. */
    private boolean readTx() {
        synchronized (books) {
            for (Completion c = txCq.poll(); c != null; c = txCq.poll()) {
                reaped++;
            }
            return reaped >= posted;
        }
    }

    /** fi_cq_read on the receive queue: moves everything there to the inbox; the oldest payload, or null. */
    private byte[] readRx() {
        synchronized (books) {
            for (Completion c = rxCq.poll(); c != null; c = rxCq.poll()) {
                if (c.status() == Completion.Status.SUCCESS) {
                    inbox.add(c.payload());
                }
            }
            return inbox.poll();
        }
    }

    @Override
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (readTx()) {
                return true;
            }
            long seen = txWait.count();
            txCq.requestNotify(false);
            if (repollAfterArm && readTx()) {
                return true;
            }
            if (!txWait.awaitPast(seen, deadline)) {
                return readTx();
            }
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            byte[] m = readRx();
            if (m != null) {
                return m;
            }
            long seen = rxWait.count();
            rxCq.requestNotify(false);
            if (repollAfterArm) {
                m = readRx();
                if (m != null) {
                    return m;
                }
            }
            if (!rxWait.awaitPast(seen, deadline)) {
                return readRx();
            }
        }
    }

    @Override
    public void close() {
        teardown.writeLock().lock();
        try {
            closed = true;
        } finally {
            teardown.writeLock().unlock();
        }
        qp.destroy();
    }
}
