package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The handler hands each event to a single-thread executor built from the context's thread factory;
 * the task acknowledges, re-arms, drains and publishes by completing the current "progress" future
 * and installing a fresh one. The application never polls: it takes the current future under the
 * monitor with its check and waits on it. Correct when {@code repollAfterArm} (arm, then poll);
 * the broken twin drains, then arms, and does not poll again: a completion landing in between is
 * never announced. The same design on the context's scheduler ({@code review-cq-scheduler}): the
 * timer thread the kit gives every driver does the handler's work.
 */
class ExecutorEndpoint implements CompletionQueueDriver {

    private final QueuePair queuePair;
    private final boolean armBeforeDrain;
    private final EventCount ledger = new EventCount();
    private final ExecutorService executor;
    private final Object monitor = new Object();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private CompletableFuture<Void> progress = new CompletableFuture<>();
    private long posted;
    private long completed;

    /** Whether the executor is the context's own scheduler, which the driver does not shut down. */
    private final boolean contextScheduler;

    ExecutorEndpoint(DriverContext context, QueuePair queuePair, boolean armBeforeDrain) {
        this(context, queuePair, armBeforeDrain, false);
    }

    /**
     * @param contextScheduler hand the events to {@link DriverContext#scheduler()} (a vendor reusing
     *                         its timer thread for work) rather than to an executor of its own
     */
    ExecutorEndpoint(DriverContext context, QueuePair queuePair, boolean armBeforeDrain, boolean contextScheduler) {
        this.queuePair = queuePair;
        this.armBeforeDrain = armBeforeDrain;
        this.contextScheduler = contextScheduler;
        this.executor = contextScheduler ? context.scheduler() : Executors.newSingleThreadExecutor(context.threadFactory());
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        if (ledger.take(cq)) {
            executor.execute(() -> service(cq));
        }
    }

    private void service(CompletionQueue cq) {
        try {
            cq.acknowledgeEvents(1);
            if (armBeforeDrain) {
                cq.requestNotify(false);
                drain(cq);
            } else {
                drain(cq);
                cq.requestNotify(false);
            }
        } finally {
            ledger.finish();
        }
    }

    private void drain(CompletionQueue cq) {
        for (Completion c = cq.poll(); c != null; c = cq.poll()) {
            CompletableFuture<Void> done;
            synchronized (monitor) {
                if (c.opcode() == Completion.Opcode.SEND) {
                    completed++;
                } else {
                    inbox.add(c.payload());
                }
                done = progress;
                progress = new CompletableFuture<>();
            }
            done.complete(null);
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
            CompletableFuture<Void> next;
            synchronized (monitor) {
                if (completed >= posted) {
                    return true;
                }
                next = progress;
            }
            if (!awaitFuture(next, deadline)) {
                return false;
            }
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            CompletableFuture<Void> next;
            synchronized (monitor) {
                if (!inbox.isEmpty()) {
                    return inbox.poll();
                }
                next = progress;
            }
            if (!awaitFuture(next, deadline)) {
                return null;
            }
        }
    }

    /** Waits for the future until the deadline; false at the deadline. */
    private static boolean awaitFuture(CompletableFuture<Void> future, long deadline) throws InterruptedException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        try {
            future.get(left, TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
        if (contextScheduler) {
            return; // every task that took an event has finished: the context's scheduler is the kit's to stop
        }
        executor.shutdown();
        boolean interrupted = false;
        while (true) {
            try {
                if (executor.awaitTermination(1, TimeUnit.MINUTES)) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
