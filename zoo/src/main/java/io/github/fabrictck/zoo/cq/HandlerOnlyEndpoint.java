package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A handler-only endpoint: the application never polls; only the completion handler polls, and the
 * application waits for the handler's word, a {@link CompletableFuture} that the handler completes
 * (and replaces) each time it has published.
 *
 * <p>Why it is correct: the handler acknowledges, drains, re-arms and drains again, so every
 * completion is taken by this handler or announced to a later one. A waiter reads its predicate and
 * takes the current word in one lock section; the handler publishes and swaps the word in one lock
 * section and completes the old word after it: a waiter that saw the old state holds the old word,
 * which is completed, so it wakes.
 *
 * <p>Teardown: events are counted in and out in an {@link EventLedger}; {@code close()} waits for
 * every event taken to be acknowledged and handled, then destroys the queue pair.
 */
class HandlerOnlyEndpoint implements CompletionQueueDriver {

    private final QueuePair queuePair;
    private final EventLedger ledger = new EventLedger();
    private final Object state = new Object();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private CompletableFuture<Void> word = new CompletableFuture<>();
    private long posted;
    private long completed;

    HandlerOnlyEndpoint(QueuePair queuePair) {
        this.queuePair = queuePair;
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        if (!ledger.take(cq)) {
            return;
        }
        try {
            cq.acknowledgeEvents(1);
            List<Completion> taken = new ArrayList<>();
            service(cq, taken);
            CompletableFuture<Void> spoken;
            synchronized (state) {
                for (Completion c : taken) {
                    if (c.opcode() == Completion.Opcode.SEND) {
                        completed++;
                    } else {
                        inbox.add(c.payload());
                    }
                }
                spoken = word;
                word = new CompletableFuture<>();
            }
            spoken.complete(null);
        } finally {
            ledger.finish();
        }
    }

    /** Drains the queue, re-arms it and drains it again. */
    protected void service(CompletionQueue cq, List<Completion> into) {
        drain(cq, into);
        cq.requestNotify(false);
        drain(cq, into);
    }

    protected static void drain(CompletionQueue cq, List<Completion> into) {
        for (Completion c = cq.poll(); c != null; c = cq.poll()) {
            into.add(c);
        }
    }

    @Override
    public void send(byte[] payload) {
        long id;
        synchronized (state) {
            id = ++posted;
        }
        queuePair.postSend(id, payload);
    }

    @Override
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            CompletableFuture<Void> next;
            synchronized (state) {
                if (completed >= posted) {
                    return true;
                }
                next = word;
            }
            if (!awaitWord(next, deadline)) {
                return false;
            }
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            CompletableFuture<Void> next;
            synchronized (state) {
                if (!inbox.isEmpty()) {
                    return inbox.poll();
                }
                next = word;
            }
            if (!awaitWord(next, deadline)) {
                return null;
            }
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }

    /** Waits for the handler's word; false at the deadline. */
    private static boolean awaitWord(CompletableFuture<Void> word, long deadline) throws InterruptedException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        try {
            word.get(left, TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException("the handler's word failed", e.getCause());
        }
    }
}
