package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.Semaphore;

/**
 * Interrupt moderation on a poller thread of the context's factory: it polls both queues while they give completions,
 * spins {@value #SPINS} empty rounds, then switches to interrupt mode: it drops the permits of earlier events (their
 * completions are in the queues, and the poll after the arm takes them), arms both queues, polls once more, and
 * blocks on a {@link Semaphore} that the handler (which acknowledges each event) and {@code close()} release. The
 * application's calls wait on the endpoint's monitor for what the poller took.
 *
 * <p>Why it is correct: a completion before the arm is taken by the poll after it, one after it raises an event whose
 * permit comes after the drop; {@code close()} sets {@code closing} before it releases, and the poller looks at
 * {@code closing} once more before it blocks, so a close whose permit the drop took still ends it.
 *
 * <p>With {@code blockUnchecked} ({@code zoo-cq-moderated-poller-broken}) the poller blocks without that look: a
 * {@code close()} that came while the poller was on its way to interrupt mode (before the drop) has its permit dropped,
 * and the poller blocks for good while {@code close()} joins it (CQ-7; a close of an idle poller, blocked, releases it
 * and returns).
 */
final class ModeratedPollerEndpoint implements CompletionQueueDriver {

    static final int SPINS = 16;

    private final QueuePair queuePair;
    private final CompletionQueue sendCq;
    private final CompletionQueue receiveCq;
    private final boolean blockUnchecked;
    private final EventLedger ledger = new EventLedger();
    private final Semaphore interrupts = new Semaphore(0);
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private final Thread poller;
    private volatile boolean closing;
    private long posted;
    private long completed;

    ModeratedPollerEndpoint(DriverContext context, QueuePair queuePair, boolean blockUnchecked) {
        this.queuePair = queuePair;
        this.sendCq = queuePair.sendCompletionQueue();
        this.receiveCq = queuePair.receiveCompletionQueue();
        this.blockUnchecked = blockUnchecked;
        this.poller = context.threadFactory().newThread(this::poll);
        poller.start();
    }

    private void poll() {
        int empty = 0;
        while (!closing) {
            if (drain()) {
                empty = 0;
                continue;
            }
            if (++empty < SPINS) {
                Thread.onSpinWait();
                continue;
            }
            empty = 0;
            interrupts.drainPermits();
            sendCq.requestNotify(false);
            receiveCq.requestNotify(false);
            if (drain()) {
                continue;
            }
            // BROKEN twin: blocks without looking at closing again
            if (!blockUnchecked && closing) {
                return;
            }
            try {
                interrupts.acquire();
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Polls each queue empty; true when anything was taken. */
    private boolean drain() {
        boolean any = false;
        Completion c;
        while ((c = sendCq.poll()) != null) {
            synchronized (this) {
                completed++;
                notifyAll();
            }
            any = true;
        }
        while ((c = receiveCq.poll()) != null) {
            synchronized (this) {
                inbox.add(c.payload());
                notifyAll();
            }
            any = true;
        }
        return any;
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        if (!ledger.take(cq)) {
            return;
        }
        try {
            cq.acknowledgeEvents(1);
            interrupts.release();
        } finally {
            ledger.finish();
        }
    }

    @Override
    public void send(byte[] payload) {
        long id;
        synchronized (this) {
            id = ++posted;
        }
        queuePair.postSend(id, payload);
    }

    @Override
    public synchronized boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (completed < posted) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
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
            wait(Math.max(1, left / 1_000_000));
        }
        return inbox.poll();
    }

    @Override
    public void close() {
        closing = true;
        interrupts.release();
        try {
            poller.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        ledger.closeAndDestroy(queuePair);
    }
}
