package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import io.github.fabrictck.zoo.ZooDriver;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.StampedLock;

/**
 * {@code review-cq-stamped}: a StampedLock held by the handler across ack, drain, re-arm, drain and
 * publish; the waiter registers itself, polls and checks under the write stamp, then parks; the
 * handler unparks it after publishing. Correct: the park permit keeps an unpark that comes between
 * the check and the park.
 */
public final class StampedDriver extends ZooDriver {

    public StampedDriver() {
        super("review-cq-stamped", completionQueue((context, queuePair) -> new Endpoint(queuePair)));
    }

    static final class Endpoint implements CompletionQueueDriver {
        private final QueuePair queuePair;
        private final EventCount ledger = new EventCount();
        private final StampedLock lock = new StampedLock();
        private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
        private volatile Thread waiter;
        private long posted;
        private long completed;

        Endpoint(QueuePair queuePair) {
            this.queuePair = queuePair;
            queuePair.sendCompletionQueue().requestNotify(false);
            queuePair.receiveCompletionQueue().requestNotify(false);
        }

        @Override
        public void onCompletionEvent(CompletionQueue cq) {
            if (!ledger.take(cq)) {
                return;
            }
            try {
                long stamp = lock.writeLock();
                try {
                    cq.acknowledgeEvents(1);
                    drain(cq);
                    cq.requestNotify(false);
                    drain(cq);
                } finally {
                    lock.unlockWrite(stamp);
                }
                Thread w = waiter;
                if (w != null) {
                    LockSupport.unpark(w);
                }
            } finally {
                ledger.finish();
            }
        }

        @Override
        public void send(byte[] payload) {
            long stamp = lock.writeLock();
            long id;
            try {
                id = ++posted;
            } finally {
                lock.unlockWrite(stamp);
            }
            queuePair.postSend(id, payload);
        }

        @Override
        public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            waiter = Thread.currentThread();
            try {
                while (true) {
                    long stamp = lock.writeLock();
                    try {
                        drain(queuePair.sendCompletionQueue());
                        if (completed >= posted) {
                            return true;
                        }
                    } finally {
                        lock.unlockWrite(stamp);
                    }
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return false;
                    }
                    LockSupport.parkNanos(this, left);
                    if (Thread.interrupted()) {
                        throw new InterruptedException();
                    }
                }
            } finally {
                waiter = null;
            }
        }

        @Override
        public byte[] receive(Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            waiter = Thread.currentThread();
            try {
                while (true) {
                    long stamp = lock.writeLock();
                    try {
                        drain(queuePair.receiveCompletionQueue());
                        if (!inbox.isEmpty()) {
                            return inbox.poll();
                        }
                    } finally {
                        lock.unlockWrite(stamp);
                    }
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return null;
                    }
                    LockSupport.parkNanos(this, left);
                    if (Thread.interrupted()) {
                        throw new InterruptedException();
                    }
                }
            } finally {
                waiter = null;
            }
        }

        @Override
        public void close() {
            ledger.closeAndDestroy(queuePair);
        }

        /** Takes every completion of the queue into the state; the caller holds the write stamp. */
        private void drain(CompletionQueue cq) {
            for (Completion c = cq.poll(); c != null; c = cq.poll()) {
                if (c.opcode() == Completion.Opcode.SEND) {
                    completed++;
                } else {
                    inbox.add(c.payload());
                }
            }
        }
    }
}
