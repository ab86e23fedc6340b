package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A read-write lock: the waiter's fast path checks under the read lock; its slow path polls, checks
 * and awaits a condition of the write lock. The handler acknowledges, drains, re-arms and drains
 * outside the lock, then publishes under the write lock. Correct when it publishes and signals in
 * one write section ({@code signalAfterPublish}); the broken twin signals in one write section and
 * publishes in a second: a waiter woken by that signal re-checks before the publication, sleeps
 * again, and nobody wakes it.
 */
class RwLockEndpoint implements CompletionQueueDriver {

    private final QueuePair queuePair;
    private final boolean signalAfterPublish;
    private final EventCount ledger = new EventCount();
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Condition progress = lock.writeLock().newCondition();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private long posted;
    private long completed;

    RwLockEndpoint(QueuePair queuePair, boolean signalAfterPublish) {
        this.queuePair = queuePair;
        this.signalAfterPublish = signalAfterPublish;
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
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
            if (!signalAfterPublish) {
                lock.writeLock().lock();
                try {
                    progress.signalAll();
                } finally {
                    lock.writeLock().unlock();
                }
            }
            lock.writeLock().lock();
            try {
                taken.forEach(this::account);
                if (signalAfterPublish) {
                    progress.signalAll();
                }
            } finally {
                lock.writeLock().unlock();
            }
        } finally {
            ledger.finish();
        }
    }

    private void account(Completion c) {
        if (c.opcode() == Completion.Opcode.SEND) {
            completed++;
        } else {
            inbox.add(c.payload());
        }
    }

    @Override
    public void send(byte[] payload) {
        long id;
        lock.writeLock().lock();
        try {
            id = ++posted;
        } finally {
            lock.writeLock().unlock();
        }
        queuePair.postSend(id, payload);
    }

    @Override
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        lock.readLock().lock();
        try {
            if (completed >= posted) {
                return true;
            }
        } finally {
            lock.readLock().unlock();
        }
        long nanos = timeout.toNanos();
        lock.writeLock().lock();
        try {
            while (completed < posted) {
                Completion c = queuePair.sendCompletionQueue().poll();
                if (c != null) {
                    account(c);
                    continue;
                }
                if (nanos <= 0) {
                    return false;
                }
                nanos = progress.awaitNanos(nanos);
            }
            return true;
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long nanos = timeout.toNanos();
        lock.writeLock().lock();
        try {
            while (inbox.isEmpty()) {
                Completion c = queuePair.receiveCompletionQueue().poll();
                if (c != null) {
                    account(c);
                    continue;
                }
                if (nanos <= 0) {
                    return null;
                }
                nanos = progress.awaitNanos(nanos);
            }
            return inbox.poll();
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }
}
