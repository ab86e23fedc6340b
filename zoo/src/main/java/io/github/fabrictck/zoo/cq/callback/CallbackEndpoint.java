package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionConsumer;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The application's side of a callback endpoint: each completion a handler polls is made known to the
 * application's waiters ({@link #publish}: {@code awaitSendsComplete} and {@code receive} wait on a
 * {@link Condition} that every publication signals, checking their predicate under its lock; the
 * application never polls) and then handed to its callback ({@link #handOver}, outside every lock: what
 * the callback throws is the application's failure for that completion alone, counted). A design built on
 * it writes how its handlers run, how they are quiesced and how it closes.
 */
abstract class CallbackEndpoint implements CompletionQueueDriver {

    protected final QueuePair queuePair;
    private volatile CompletionConsumer consumer;
    private final LongAdder callbackFailures = new LongAdder();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition progress = lock.newCondition();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private long posted;
    private long completed;

    CallbackEndpoint(QueuePair queuePair) {
        this.queuePair = queuePair;
    }

    @Override
    public boolean consumeWith(CompletionConsumer consumer) {
        this.consumer = consumer;
        return true;
    }

    /** Makes a completion known to the application's waiters. */
    protected final void publish(Completion c) {
        lock.lock();
        try {
            if (c.opcode() == Completion.Opcode.SEND) {
                completed++;
            } else {
                inbox.add(c.payload());
            }
            progress.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The application's callback, or {@code null} while it gave none. */
    protected final CompletionConsumer consumer() {
        return consumer;
    }

    /** Hands a completion to the application's callback, if it gave one; what the callback throws is counted. */
    protected final void handOver(Completion c) {
        CompletionConsumer to = consumer;
        if (to == null) {
            return;
        }
        try {
            to.accept(c);
        } catch (RuntimeException e) {
            callbackFailures.increment();
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
        lock.lock();
        try {
            while (completed < posted) {
                if (nanos <= 0) {
                    return false;
                }
                nanos = progress.awaitNanos(nanos);
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
                nanos = progress.awaitNanos(nanos);
            }
            return inbox.poll();
        } finally {
            lock.unlock();
        }
    }
}
