package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;

/**
 * Adaptive polling on the application's own thread: a waiter ({@code awaitSendsComplete}, {@code receive}) polls its
 * queue in a bounded spin ({@value #SPINS} empty polls, {@link Thread#onSpinWait} between them) and only then pays for
 * an interrupt: it notes the queue's event count, arms the queue, polls once more, and waits on the endpoint's monitor
 * until the handler counts an event of that queue; woken, it spins again. Low latency under load, no processor burnt
 * when idle, as userspace verbs libraries with interrupt moderation do.
 *
 * <p>Why it is correct: a completion that lands before the arm is found by the poll after it; one that lands after the
 * arm raises an event, which the handler counts under the monitor, and the waiter compares counts, so an event that
 * came before it began to wait is not missed.
 *
 * <p>With {@code repoll} false ({@code zoo-cq-spin-then-arm-broken}) the waiter arms and waits without the poll after
 * the arm: a completion that landed between its last empty poll and the arm raises no event, and it waits for one
 * that never comes (CQ-1; the spin before the arm is 64 polls long, which a search that keeps a thread's first points
 * only never got past).
 */
final class SpinThenArmEndpoint implements CompletionQueueDriver {

    static final int SPINS = 64;

    private final QueuePair queuePair;
    private final CompletionQueue sendCq;
    private final CompletionQueue receiveCq;
    private final boolean repoll;
    private final EventLedger ledger = new EventLedger();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private long posted;
    private long completed;
    private long sendEvents;
    private long receiveEvents;

    SpinThenArmEndpoint(QueuePair queuePair, boolean repoll) {
        this.queuePair = queuePair;
        this.sendCq = queuePair.sendCompletionQueue();
        this.receiveCq = queuePair.receiveCompletionQueue();
        this.repoll = repoll;
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        if (!ledger.take(cq)) {
            return;
        }
        try {
            cq.acknowledgeEvents(1);
            synchronized (this) {
                if (cq == sendCq) {
                    sendEvents++;
                } else {
                    receiveEvents++;
                }
                notifyAll();
            }
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
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        return await(sendCq, timeout, c -> completed++, () -> completed >= posted);
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        if (!await(receiveCq, timeout, c -> inbox.add(c.payload()), () -> !inbox.isEmpty())) {
            return null;
        }
        synchronized (this) {
            return inbox.poll();
        }
    }

    /** What a waiter does with a completion it took, under the monitor. */
    private interface Take {
        void take(Completion c);
    }

    /** Whether the waiter is done, read under the monitor. */
    private interface Done {
        boolean done();
    }

    /** Spins, then arms and waits, until {@code done} or the deadline; {@code false} at the deadline. */
    private boolean await(CompletionQueue cq, Duration timeout, Take take, Done done) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int empty = 0;
        while (true) {
            Completion c = cq.poll();
            synchronized (this) {
                if (c != null) {
                    take.take(c);
                }
                if (done.done()) {
                    return true;
                }
            }
            if (c != null) {
                empty = 0;
                continue;
            }
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            if (++empty < SPINS) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                Thread.onSpinWait();
                continue;
            }
            empty = 0;
            long seen;
            synchronized (this) {
                seen = events(cq);
            }
            cq.requestNotify(false);
            // BROKEN twin: no poll after the arm
            if (repoll) {
                Completion late = cq.poll();
                if (late != null) {
                    synchronized (this) {
                        take.take(late);
                    }
                    continue;
                }
            }
            synchronized (this) {
                while (events(cq) == seen && !done.done()) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        break;
                    }
                    wait(Math.max(1, left / 1_000_000));
                }
            }
        }
    }

    private long events(CompletionQueue cq) {
        return cq == sendCq ? sendEvents : receiveEvents;
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }
}
