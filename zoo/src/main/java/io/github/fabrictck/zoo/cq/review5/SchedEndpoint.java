package io.github.fabrictck.zoo.cq.review5;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Review5 attack endpoint: every method that touches state is a {@code synchronized} method (SPI
 * methods too), waiters use {@code wait}/{@code notifyAll}, and the handler's work runs on a scheduler
 * in one of several ways. {@code correct} arms before it drains; broken twins drain then arm (or
 * poll once) and lose a completion.
 */
final class SchedEndpoint implements CompletionQueueDriver {

    enum Mode {
        /** handler: context.scheduler().schedule(task, 1 ms) only (no execute). */
        TIMER,
        /** handler acks and re-arms inline; a periodic task on context.scheduler() drains every 10 ms. */
        PERIODIC,
        /** handler: execute() on the driver's OWN newScheduledThreadPool(1, context.threadFactory()). */
        OWN_POOL,
        /** handler: execute() on context.scheduler() from the handler, then the task schedules a 10 ms re-poll once. */
        EXECUTE_THEN_TIMER
    }

    private final QueuePair queuePair;
    private final Mode mode;
    private final boolean correct;
    private final ScheduledExecutorService scheduler;
    private final boolean own;
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private ScheduledFuture<?> periodic;
    private long posted;
    private long completed;
    private long taken;
    private long finished;
    private boolean closing;

    /** Waits with TimeUnit.timedWait(this, n) (a JDK call that waits on the monitor inside java.util.concurrent). */
    private final boolean timeUnitWait;

    SchedEndpoint(DriverContext context, QueuePair queuePair, Mode mode, boolean correct) {
        this(context, queuePair, mode, correct, false);
    }

    SchedEndpoint(DriverContext context, QueuePair queuePair, Mode mode, boolean correct, boolean timeUnitWait) {
        this.timeUnitWait = timeUnitWait;
        this.queuePair = queuePair;
        this.mode = mode;
        this.correct = correct;
        this.own = mode == Mode.OWN_POOL;
        this.scheduler = own ? Executors.newScheduledThreadPool(1, context.threadFactory()) : context.scheduler();
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
        if (mode == Mode.PERIODIC) {
            Runnable poll = this::pollAll;
            if (correct) {
                periodic = scheduler.scheduleWithFixedDelay(poll, 10, 10, TimeUnit.MILLISECONDS);
            } else {
                periodic = scheduler.schedule(poll, 10, TimeUnit.MILLISECONDS); // polls once: later completions lost
            }
        }
    }

    private synchronized boolean take(CompletionQueue cq) {
        if (closing) {
            return false;
        }
        taken++;
        return true;
    }

    private synchronized void finish() {
        finished++;
        notifyAll();
    }

    @Override
    public synchronized void onCompletionEvent(CompletionQueue cq) {
        if (!take(cq)) {
            cq.acknowledgeEvents(1);
            return;
        }
        switch (mode) {
            case TIMER -> scheduler.schedule(() -> service(cq), 1, TimeUnit.MILLISECONDS);
            case PERIODIC -> {
                try {
                    cq.acknowledgeEvents(1);
                    cq.requestNotify(false);
                } finally {
                    finish();
                }
            }
            case OWN_POOL, EXECUTE_THEN_TIMER -> scheduler.execute(() -> service(cq));
        }
    }

    private void service(CompletionQueue cq) {
        try {
            cq.acknowledgeEvents(1);
            if (correct) {
                cq.requestNotify(false);
                drain(cq);
            } else {
                drain(cq);
                cq.requestNotify(false);
            }
            if (mode == Mode.EXECUTE_THEN_TIMER && correct) {
                // a belt-and-braces re-poll 10 ms later, as vendors do
                scheduler.schedule(() -> {
                    if (enter()) {
                        try {
                            drain(cq);
                        } finally {
                            finish();
                        }
                    }
                }, 10, TimeUnit.MILLISECONDS);
            }
        } finally {
            finish();
        }
    }

    /** For a task the handler did not count: counts it unless closing. */
    private synchronized boolean enter() {
        if (closing) {
            return false;
        }
        taken++;
        return true;
    }

    private synchronized void pollAll() {
        if (closing) {
            return;
        }
        drain(queuePair.sendCompletionQueue());
        drain(queuePair.receiveCompletionQueue());
    }

    private synchronized void drain(CompletionQueue cq) {
        for (Completion c = cq.poll(); c != null; c = cq.poll()) {
            if (c.opcode() == Completion.Opcode.SEND) {
                completed++;
            } else {
                inbox.add(c.payload());
            }
            notifyAll();
        }
    }

    @Override
    public synchronized void send(byte[] payload) {
        queuePair.postSend(++posted, payload);
    }

    @Override
    public synchronized boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (completed < posted) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            waitFor(left);
        }
        return true;
    }

    @Override
    public synchronized byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (inbox.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            waitFor(left);
        }
        return inbox.poll();
    }

    private void waitFor(long nanos) throws InterruptedException {
        if (timeUnitWait) {
            TimeUnit.NANOSECONDS.timedWait(this, nanos);
        } else {
            wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(nanos)));
        }
    }

    @Override
    public void close() {
        boolean interrupted = false;
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
            if (periodic != null) {
                periodic.cancel(false);
            }
            while (finished < taken) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (own) {
            scheduler.shutdown();
            while (true) {
                try {
                    if (scheduler.awaitTermination(1, TimeUnit.MINUTES)) {
                        break;
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        queuePair.destroy();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
