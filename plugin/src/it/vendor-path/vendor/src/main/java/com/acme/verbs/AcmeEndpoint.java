package com.acme.verbs;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionConsumer;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A copy of the kit's sample endpoint (sample-driver: Endpoint with SampleEndpoint's handler): drain both
 * queues, re-arm both asking for missed events, and drain again while either answers that completions may be
 * waiting. Progress is a counter that rises whenever something the application waits for may have happened; a
 * waiter snapshots it, polls, and sleeps until it changes.
 */
final class AcmeEndpoint implements CompletionQueueDriver {

    private final QueuePair queuePair;
    private final CompletionQueue sendQueue;
    private final CompletionQueue receiveQueue;
    private final Object lock = new Object();
    private final AtomicLong progress = new AtomicLong();
    private final ArrayDeque<byte[]> received = new ArrayDeque<>();
    private long posted;
    private long completedSends;
    private boolean handling;
    private boolean closing;
    private volatile CompletionConsumer consumer;
    private long consumerFailures;

    AcmeEndpoint(QueuePair queuePair) {
        this.queuePair = queuePair;
        this.sendQueue = queuePair.sendCompletionQueue();
        this.receiveQueue = queuePair.receiveCompletionQueue();
        sendQueue.requestNotify(false);
        receiveQueue.requestNotify(false);
    }

    /** The completion handler, called for each event while the endpoint is open. */
    private void handle(CompletionQueue queue) {
        int missed;
        do {
            drain(sendQueue);
            drain(receiveQueue);
            missed = sendQueue.requestNotify(true);
            missed += receiveQueue.requestNotify(true);
        } while (missed > 0);
    }

    @Override
    public void onCompletionEvent(CompletionQueue queue) {
        boolean closed;
        synchronized (lock) {
            handling = true;
            closed = closing;
        }
        try {
            queue.acknowledgeEvents(1);
            if (!closed) {
                handle(queue);
            }
        } finally {
            synchronized (lock) {
                handling = false;
                lock.notifyAll();
            }
        }
    }

    /** Hands every completion to the application's callback too, on the thread that took it ({@link #consume}). */
    @Override
    public boolean consumeWith(CompletionConsumer consumer) {
        this.consumer = consumer;
        return true;
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
            long seen;
            synchronized (lock) {
                if (completedSends >= posted) {
                    return true;
                }
                seen = progress.get();
            }
            Completion c = sendQueue.poll();
            if (c != null) {
                consume(c);
            } else if (!sleepUntilProgress(seen, deadline)) {
                return false;
            }
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long seen;
            synchronized (lock) {
                if (!received.isEmpty()) {
                    return received.poll();
                }
                seen = progress.get();
            }
            Completion c = receiveQueue.poll();
            if (c != null) {
                consume(c);
            } else if (!sleepUntilProgress(seen, deadline)) {
                return null;
            }
        }
    }

    /** Sleeps until progress moves past {@code seen}; false at the deadline. */
    private boolean sleepUntilProgress(long seen, long deadline) throws InterruptedException {
        synchronized (lock) {
            while (progress.get() == seen) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                lock.wait(Math.max(1, left / 1_000_000));
            }
            return true;
        }
    }

    /**
     * Takes one completion into account, wakes the waiters and hands it to the application's
     * callback; what the callback throws is the application's failure for this completion alone, so
     * it is counted and the caller goes on with the rest of its batch.
     */
    private void consume(Completion c) {
        try {
            consumeOrThrow(c);
        } catch (RuntimeException e) {
            synchronized (lock) {
                consumerFailures++;
            }
        }
    }

    /** As {@link #consume}, but what the application's callback throws reaches the caller. */
    private void consumeOrThrow(Completion c) {
        account(c);
        CompletionConsumer to = consumer;
        if (to != null) {
            to.accept(c);
        }
    }

    private void account(Completion c) {
        synchronized (lock) {
            if (c.opcode() == Completion.Opcode.SEND) {
                completedSends++;
            } else {
                received.add(c.payload());
            }
            progress.incrementAndGet();
            lock.notifyAll();
        }
    }

    /** Polls a queue until it is empty; returns how many completions it took. */
    private int drain(CompletionQueue queue) {
        int n = 0;
        for (Completion c = queue.poll(); c != null; c = queue.poll()) {
            consume(c);
            n++;
        }
        return n;
    }

    /** Marks the endpoint closing, waits until no handler runs, then destroys the queue pair. */
    @Override
    public void close() {
        synchronized (lock) {
            closing = true;
            while (handling) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        queuePair.destroy();
    }
}
