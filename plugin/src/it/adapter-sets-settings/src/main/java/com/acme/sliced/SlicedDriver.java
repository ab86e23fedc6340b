package com.acme.sliced;

import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.EnumSet;
import java.util.Set;

/**
 * {@code sliced-cq-1}: the lost final completion (the handler drains, then re-arms, and never looks again), whose
 * waiter waits in slices of 2 s and polls after each: only its own timed wait recovers the completion. With the stuck
 * detector's bound at its default of 1 s that wait is idle, and CQ-1 FAILs; with a bound of 5 s it would not be.
 */
public final class SlicedDriver implements Driver {

    @Override
    public String name() {
        return "sliced-cq-1";
    }

    @Override
    public String version() {
        return "1.0";
    }

    @Override
    public Set<Family> families() {
        return EnumSet.of(Family.COMPLETION_QUEUE);
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        return new Sliced(queuePair);
    }

    private static final class Sliced implements CompletionQueueDriver {
        private static final long SLICE_MILLIS = 2_000;
        private final QueuePair queuePair;
        private final Object lock = new Object();
        private final ArrayDeque<byte[]> received = new ArrayDeque<>();
        private long posted;
        private long completed;

        Sliced(QueuePair queuePair) {
            this.queuePair = queuePair;
            queuePair.sendCompletionQueue().requestNotify(false);
            queuePair.receiveCompletionQueue().requestNotify(false);
        }

        @Override
        public void onCompletionEvent(CompletionQueue queue) {
            queue.acknowledgeEvents(1);
            drain(queue);
            queue.requestNotify(false); // the bug: a completion that lands before this re-arm is announced by nothing
        }

        private void drain(CompletionQueue queue) {
            Completion c;
            while ((c = queue.poll()) != null) {
                synchronized (lock) {
                    if (c.opcode() == Completion.Opcode.SEND) {
                        completed++;
                    } else {
                        received.add(c.payload());
                    }
                    lock.notifyAll();
                }
            }
        }

        @Override
        public void send(byte[] payload) {
            long id;
            synchronized (lock) {
                id = ++posted;
            }
            queuePair.postSend(id, payload);
        }

        @Override
        public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                synchronized (lock) {
                    if (completed >= posted) {
                        return true;
                    }
                    long left = (deadline - System.nanoTime()) / 1_000_000;
                    if (left <= 0) {
                        return false;
                    }
                    lock.wait(Math.max(1, Math.min(SLICE_MILLIS, left)));
                }
                drain(queuePair.sendCompletionQueue()); // after each slice: what no event announced is found here
            }
        }

        @Override
        public byte[] receive(Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                synchronized (lock) {
                    if (!received.isEmpty()) {
                        return received.poll();
                    }
                    long left = (deadline - System.nanoTime()) / 1_000_000;
                    if (left <= 0) {
                        return null;
                    }
                    lock.wait(Math.max(1, Math.min(SLICE_MILLIS, left)));
                }
                drain(queuePair.receiveCompletionQueue());
            }
        }

        @Override
        public void close() {
            queuePair.destroy();
        }
    }
}
