package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The application's side of an endpoint whose driver threads publish each completion they poll: sends
 * are numbered under a monitor, a publication counts a send completed or queues a message and wakes the
 * application, which waits on that monitor with its predicate checked there (so it cannot miss a
 * publication) and never polls. A design built on it writes only how completions get from the device's
 * events to {@link #publish} and how it closes.
 */
abstract class PublishingEndpoint implements CompletionQueueDriver {

    protected final QueuePair queuePair;
    private final Object monitor = new Object();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private long posted;
    private long completed;

    PublishingEndpoint(QueuePair queuePair) {
        this.queuePair = queuePair;
    }

    /** Hands one polled completion to the application. */
    protected final void publish(Completion c) {
        synchronized (monitor) {
            if (c.opcode() == Completion.Opcode.SEND) {
                completed++;
            } else {
                inbox.add(c.payload());
            }
            monitor.notifyAll();
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
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                monitor.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
            return true;
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (monitor) {
            while (inbox.isEmpty()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
                monitor.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
            return inbox.poll();
        }
    }
}
