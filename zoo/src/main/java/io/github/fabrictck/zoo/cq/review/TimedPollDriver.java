package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import io.github.fabrictck.zoo.ZooDriver;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * {@code review-cq-timed-poll}: the handler acknowledges, drains, re-arms, drains and publishes
 * under a monitor without notifying anybody; the waiter polls its queue and checks under the
 * monitor and waits 10 ms at a time. Correct: whatever the handler publishes, or the queue holds,
 * the waiter sees within 10 ms.
 */
public final class TimedPollDriver extends ZooDriver {

    public TimedPollDriver() {
        super("review-cq-timed-poll", completionQueue((context, queuePair) -> new Endpoint(queuePair)));
    }

    static final class Endpoint implements CompletionQueueDriver {
        private static final long TICK_MS = 10;
        private final QueuePair queuePair;
        private final EventCount ledger = new EventCount();
        private final Object monitor = new Object();
        private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
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
                cq.acknowledgeEvents(1);
                drain(cq);
                cq.requestNotify(false);
                drain(cq);
            } finally {
                ledger.finish();
            }
        }

        private void drain(CompletionQueue cq) {
            for (Completion c = cq.poll(); c != null; c = cq.poll()) {
                synchronized (monitor) {
                    if (c.opcode() == Completion.Opcode.SEND) {
                        completed++;
                    } else {
                        inbox.add(c.payload());
                    }
                }
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
            while (true) {
                drain(queuePair.sendCompletionQueue());
                synchronized (monitor) {
                    if (completed >= posted) {
                        return true;
                    }
                    if (!tick(deadline)) {
                        return false;
                    }
                }
            }
        }

        @Override
        public byte[] receive(Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                drain(queuePair.receiveCompletionQueue());
                synchronized (monitor) {
                    if (!inbox.isEmpty()) {
                        return inbox.poll();
                    }
                    if (!tick(deadline)) {
                        return null;
                    }
                }
            }
        }

        /** Waits one tick on the monitor (held by the caller), less near the deadline; false at the deadline. */
        private boolean tick(long deadline) throws InterruptedException {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return false;
            }
            monitor.wait(Math.min(TICK_MS, left));
            return true;
        }

        @Override
        public void close() {
            ledger.closeAndDestroy(queuePair);
        }
    }
}
