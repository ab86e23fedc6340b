package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A monitor endpoint: one {@code synchronized} monitor guards the state, and the completion handler
 * acknowledges, drains its queue, re-arms it, drains it again and then notifies every waiter.
 *
 * <p>Why it is correct: a completion that lands before the re-arm takes effect is found by the
 * second drain, one that lands after raises an event, so no completion is left unannounced. The
 * waiter polls and checks its predicate while holding the monitor and sleeps with {@code wait},
 * which releases the monitor atomically; the handler publishes and calls {@code notifyAll} while
 * holding it, so a publication cannot fall between the waiter's check and its sleep.
 *
 * <p>Teardown: the handler counts each event in and out in an {@link EventLedger}; {@code close()}
 * waits until every event counted in was acknowledged and handled, then destroys the queue pair.
 */
class MonitorEndpoint implements CompletionQueueDriver {

    protected final QueuePair queuePair;
    private final CompletionQueue sendCq;
    private final CompletionQueue receiveCq;
    private final EventLedger ledger = new EventLedger();
    private final Object monitor = new Object();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private long posted;
    private long completed;

    MonitorEndpoint(QueuePair queuePair) {
        this.queuePair = queuePair;
        this.sendCq = queuePair.sendCompletionQueue();
        this.receiveCq = queuePair.receiveCompletionQueue();
        sendCq.requestNotify(false);
        receiveCq.requestNotify(false);
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        if (!ledger.take(cq)) {
            return;
        }
        try {
            cq.acknowledgeEvents(1);
            List<Completion> taken = new ArrayList<>();
            drain(cq, taken);
            cq.requestNotify(false);
            drain(cq, taken);
            synchronized (monitor) {
                taken.forEach(this::account);
                monitor.notifyAll();
            }
        } finally {
            ledger.finish();
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
                // a completion the waiter finds itself needs no event
                Completion c = sendCq.poll();
                if (c != null) {
                    account(c);
                    continue;
                }
                if (!sleep(deadline)) {
                    return false;
                }
            }
            return true;
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (monitor) {
            while (inbox.isEmpty()) {
                Completion c = receiveCq.poll();
                if (c != null) {
                    account(c);
                    continue;
                }
                if (!sleep(deadline)) {
                    return null;
                }
            }
            return inbox.poll();
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }

    /** Waits on the monitor (held by the caller) until notified or the deadline; false at the deadline. */
    private boolean sleep(long deadline) throws InterruptedException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        monitor.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        return true;
    }

    private static void drain(CompletionQueue cq, List<Completion> into) {
        for (Completion c = cq.poll(); c != null; c = cq.poll()) {
            into.add(c);
        }
    }

    /** Takes a completion into the state; the caller holds the monitor. */
    private void account(Completion c) {
        if (c.opcode() == Completion.Opcode.SEND) {
            completed++;
        } else {
            inbox.add(c.payload());
        }
    }
}
