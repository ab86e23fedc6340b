package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import io.github.fabrictck.zoo.ZooDriver;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * {@code review-cq-read-locked}: the teardown is a read-write lock, not a counter: each handler runs
 * under the read lock (acknowledge, drain, re-arm, drain, publish under a monitor, notifyAll), and
 * {@code close()} takes the write lock, so it waits for any running handler, then destroys the pair;
 * a handler that comes later sees {@code closed} and touches nothing. The waiter polls and checks
 * under the monitor and waits on it. Correct.
 */
public final class ReadLockedHandlerDriver extends ZooDriver {

    public ReadLockedHandlerDriver() {
        super("review-cq-read-locked", completionQueue((context, queuePair) -> new Endpoint(queuePair)));
    }

    static final class Endpoint implements CompletionQueueDriver {
        private final QueuePair queuePair;
        private final ReentrantReadWriteLock open = new ReentrantReadWriteLock();
        private final Object monitor = new Object();
        private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
        private boolean closed;
        private long posted;
        private long completed;

        Endpoint(QueuePair queuePair) {
            this.queuePair = queuePair;
            queuePair.sendCompletionQueue().requestNotify(false);
            queuePair.receiveCompletionQueue().requestNotify(false);
        }

        @Override
        public void onCompletionEvent(CompletionQueue cq) {
            open.readLock().lock();
            try {
                cq.acknowledgeEvents(1);
                if (closed) {
                    // the device's destroy waits for this acknowledgement; the queues are not touched again
                    return;
                }
                drain(cq);
                cq.requestNotify(false);
                drain(cq);
            } finally {
                open.readLock().unlock();
            }
        }

        private void drain(CompletionQueue cq) {
            for (Completion c = cq.poll(); c != null; c = cq.poll()) {
                synchronized (monitor) {
                    account(c);
                    monitor.notifyAll();
                }
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
                    Completion c = queuePair.sendCompletionQueue().poll();
                    if (c != null) {
                        account(c);
                        continue;
                    }
                    long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                    if (left <= 0) {
                        return false;
                    }
                    monitor.wait(left);
                }
                return true;
            }
        }

        @Override
        public byte[] receive(Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            synchronized (monitor) {
                while (inbox.isEmpty()) {
                    Completion c = queuePair.receiveCompletionQueue().poll();
                    if (c != null) {
                        account(c);
                        continue;
                    }
                    long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                    if (left <= 0) {
                        return null;
                    }
                    monitor.wait(left);
                }
                return inbox.poll();
            }
        }

        @Override
        public void close() {
            boolean first;
            open.writeLock().lock();
            try {
                first = !closed;
                closed = true;
            } finally {
                open.writeLock().unlock();
            }
            // outside the lock: the device's destroy waits for a handler that needs the read lock to acknowledge
            if (first) {
                queuePair.destroy();
            }
        }
    }
}
