package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The {@code ibv_get_cq_event} shape, as DiSNI's {@code RdmaCqProcessor}: the completion handler
 * only queues the event; a thread of the driver's own takes it, acknowledges it, re-arms the queue
 * and polls it until empty. {@code close()} stops that thread; whether it wakes it first is the
 * difference between {@code sample-event-loop} (a stop marker in the queue) and the known-broken
 * {@code broken-cq-7} (DiSNI's close: a flag, then a join of a thread that waits for an event that
 * never comes). The device's destroy waits until every event it delivered is acknowledged, as
 * {@code ibv_destroy_cq} does: the waking twin's loop takes every event queued before its marker, and
 * the handler acknowledges at once an event that comes after it.
 */
class EventLoopEndpoint implements CompletionQueueDriver {

    /** Tells the loop to stop; never a queue of the device. */
    private static final Object STOP = new Object();

    private final QueuePair queuePair;
    private final boolean wakesOnClose;
    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final Thread loop;
    private final Object monitor = new Object();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private volatile boolean running = true;
    /** Guards {@link #stopped}: an event is queued for the loop only while it will still take it. */
    private final Object stopping = new Object();
    private boolean stopped;
    private long posted;
    private long completed;

    EventLoopEndpoint(DriverContext context, QueuePair queuePair, boolean wakesOnClose) {
        this.queuePair = queuePair;
        this.wakesOnClose = wakesOnClose;
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
        this.loop = context.threadFactory().newThread(this::runLoop);
        loop.start();
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        synchronized (stopping) {
            if (!stopped) {
                events.add(cq);
                return;
            }
        }
        // the loop has stopped: nobody else will acknowledge this event, and the queue pair's destroy waits for it
        cq.acknowledgeEvents(1);
    }

    private void runLoop() {
        // the waking twin stops at its marker only, so that every event queued before it is acknowledged
        while (wakesOnClose || running) {
            Object event;
            try {
                event = events.take();
            } catch (InterruptedException e) {
                return;
            }
            if (event == STOP) {
                return;
            }
            CompletionQueue cq = (CompletionQueue) event;
            cq.acknowledgeEvents(1);
            cq.requestNotify(false);
            for (Completion c = cq.poll(); c != null; c = cq.poll()) {
                synchronized (monitor) {
                    if (c.opcode() == Completion.Opcode.SEND) {
                        completed++;
                    } else {
                        inbox.add(c.payload());
                    }
                    monitor.notifyAll();
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

    /** Stops the loop (waking it, unless this is the broken twin), then destroys the queue pair. */
    @Override
    public void close() {
        running = false;
        if (wakesOnClose) {
            // every event queued before the marker is taken (and acknowledged) by the loop; none comes after it
            synchronized (stopping) {
                stopped = true;
                events.add(STOP);
            }
        }
        boolean interrupted = false;
        while (loop.isAlive()) {
            try {
                loop.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        queuePair.destroy();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
