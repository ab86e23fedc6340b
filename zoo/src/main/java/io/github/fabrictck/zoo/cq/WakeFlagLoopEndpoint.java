package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An event loop in the shape of Netty's {@code NioEventLoop}: the completion handler does no work of
 * its own, it queues a task for the loop thread and wakes the loop only when no wake-up is pending
 * ({@code wakenUp.compareAndSet(false, true)}, then {@code selector.wakeup()}); the loop clears
 * {@code wakenUp}, looks at its task queue and, when it is empty, blocks in its selector until a
 * wake-up; then it runs every queued task. A task acknowledges the event, re-arms the queue and polls
 * it until empty, publishing each completion to the application ({@link PublishingEndpoint}).
 *
 * <p>The selector keeps a wake-up that comes while the loop is not blocked, as {@code Selector.wakeup()}
 * does: the next select returns at once.
 *
 * <p>Why it is correct: the loop clears {@code wakenUp} <em>before</em> it looks at the queue. A task
 * queued after that look finds the flag clear and wakes the selector, so the select that follows
 * returns; a task queued before it is found by the look.
 *
 * <p>The broken twin ({@code clearFirst == false}) clears the flag after its look, just before it
 * blocks: a task queued between the look and the clear finds the flag still set from the last wake-up
 * and does not wake the loop, which then blocks with the task queued (the lost wake-up Netty's loop
 * guards against). Nothing is lost at the completion queue: the queue was armed and raised its event;
 * the loop's task is what waits.
 *
 * <p>Teardown: the handler counts the event in (an {@link EventLedger}) before it queues the task, the
 * task counts it out; {@code close()} waits until they meet, destroys the queue pair, then stops the
 * loop and joins it.
 */
class WakeFlagLoopEndpoint extends PublishingEndpoint {

    private final boolean clearFirst;
    private final EventLedger ledger = new EventLedger();
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean wakenUp = new AtomicBoolean();
    private final Object selector = new Object();
    private boolean wakeupPending; // guarded by selector
    private volatile boolean shuttingDown;
    private final Thread loop;

    WakeFlagLoopEndpoint(DriverContext context, QueuePair queuePair, boolean clearFirst) {
        super(queuePair);
        this.clearFirst = clearFirst;
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
        this.loop = context.threadFactory().newThread(this::run);
        loop.start();
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        if (!ledger.take(cq)) {
            return;
        }
        tasks.add(() -> {
            try {
                cq.acknowledgeEvents(1);
                cq.requestNotify(false);
                for (Completion c = cq.poll(); c != null; c = cq.poll()) {
                    publish(c);
                }
            } finally {
                ledger.finish();
            }
        });
        wakeup();
    }

    private void wakeup() {
        if (wakenUp.compareAndSet(false, true)) {
            synchronized (selector) {
                wakeupPending = true;
                selector.notifyAll();
            }
        }
    }

    private void run() {
        while (!shuttingDown) {
            if (clearFirst) {
                wakenUp.set(false);
                if (tasks.isEmpty()) {
                    select();
                }
            } else if (tasks.isEmpty()) {
                wakenUp.set(false);
                select();
            }
            for (Runnable task = tasks.poll(); task != null; task = tasks.poll()) {
                task.run();
            }
        }
    }

    /** Blocks until a wake-up, or returns at once for one that came while the loop was not blocked. */
    private void select() {
        synchronized (selector) {
            while (!wakeupPending) {
                try {
                    selector.wait();
                } catch (InterruptedException e) {
                    return; // a wake-up of its own kind: the loop looks again
                }
            }
            wakeupPending = false;
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
        shuttingDown = true;
        synchronized (selector) { // the loop's own wake-up, whatever wakenUp says
            wakeupPending = true;
            selector.notifyAll();
        }
        boolean interrupted = false;
        while (loop.isAlive()) {
            try {
                loop.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
