package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The completion handler does nothing on the interrupt thread but hand the event to a worker pool:
 * {@code Executors.newFixedThreadPool(2)}, a {@code ThreadPoolExecutor} with the JDK's default
 * thread factory (not the context's; a vendor who never read that part of the SPI). A worker
 * acknowledges the event, re-arms that queue, then polls it until empty under the endpoint's drain lock,
 * publishing each completion to the application's side ({@link PublishingEndpoint}) in the order polled.
 *
 * <p>{@code close()}: mark closing, {@code shutdownNow()}, acknowledge the event of every task the
 * pool hands back unrun, {@code awaitTermination}, then destroy the queue pair. A handler that finds
 * the pool shut (rejected) or the endpoint closing acknowledges on the interrupt thread.
 *
 * <p>{@code ackOnClose == false} is the broken twin: an event that arrives once the close began (the
 * endpoint closing, the pool shut) is dropped unacknowledged ("pool is shut down, nothing to do"), and
 * so are the tasks {@code shutdownNow()} hands back; {@code destroy()} then waits for their
 * acknowledgement forever.
 */
final class PoolShutdownEndpoint extends PublishingEndpoint {

    private final boolean ackOnClose;
    private final ExecutorService workers = Executors.newFixedThreadPool(2);
    private volatile boolean closing;
    private final Object drainLock = new Object();

    /** One event handed to the pool. */
    private final class EventTask implements Runnable {
        final CompletionQueue cq;

        EventTask(CompletionQueue cq) {
            this.cq = cq;
        }

        @Override
        public void run() {
            cq.acknowledgeEvents(1);
            if (closing) {
                return;
            }
            cq.requestNotify(false);
            // the two workers drain one at a time: a worker between its poll and its publication would otherwise let
            // the other publish a later message first (R2 before R1; the kit holds pool workers across trials)
            synchronized (drainLock) {
                for (Completion c = cq.poll(); c != null; c = cq.poll()) {
                    if (c.status() == Completion.Status.SUCCESS) {
                        publish(c);
                    }
                }
            }
        }
    }

    PoolShutdownEndpoint(QueuePair qp, boolean ackOnClose) {
        super(qp);
        this.ackOnClose = ackOnClose;
        qp.sendCompletionQueue().requestNotify(false);
        qp.receiveCompletionQueue().requestNotify(false);
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        if (closing) {
            if (ackOnClose) {
                cq.acknowledgeEvents(1);
            }
            return;
        }
        try {
            workers.execute(new EventTask(cq));
        } catch (RejectedExecutionException shutDown) {
            if (ackOnClose) {
                cq.acknowledgeEvents(1);
            }
        }
    }

    @Override
    public void close() {
        closing = true;
        List<Runnable> unrun = workers.shutdownNow();
        if (ackOnClose) {
            for (Runnable r : unrun) {
                if (r instanceof EventTask t) {
                    t.cq.acknowledgeEvents(1);
                }
            }
        }
        try {
            workers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        queuePair.destroy();
    }
}
