package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * An arm-then-repoll endpoint: on any event the completion handler polls everything (both queues),
 * re-arms both, polls both again, and only then publishes the whole batch and opens the current
 * gate, a {@link CountDownLatch} the waiters sleep on. The application polls its own queue too.
 *
 * <p>Why it is correct: whatever landed before the arms is taken by the second round of polls,
 * whatever lands after raises an event; publishing late only delays the word. A waiter reads its
 * predicate and the current gate in one lock section; the handler publishes and installs a new gate
 * in one lock section and opens the old gate after it, so a waiter that saw the old state wakes.
 *
 * <p>Teardown: events are counted in and out in an {@link EventLedger}; {@code close()} waits for
 * every event taken to be acknowledged and handled, then destroys the queue pair.
 */
final class ArmRepollEndpoint implements CompletionQueueDriver {

    private final QueuePair queuePair;
    private final CompletionQueue sendCq;
    private final CompletionQueue receiveCq;
    private final EventLedger ledger = new EventLedger();
    private final Object state = new Object();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private CountDownLatch gate = new CountDownLatch(1);
    private long posted;
    private long completed;

    ArmRepollEndpoint(QueuePair queuePair) {
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
            List<Completion> batch = new ArrayList<>();
            pollAll(batch);
            sendCq.requestNotify(false);
            receiveCq.requestNotify(false);
            pollAll(batch);
            publish(batch);
        } finally {
            ledger.finish();
        }
    }

    private void pollAll(List<Completion> batch) {
        for (Completion c = sendCq.poll(); c != null; c = sendCq.poll()) {
            batch.add(c);
        }
        for (Completion c = receiveCq.poll(); c != null; c = receiveCq.poll()) {
            batch.add(c);
        }
    }

    private void publish(List<Completion> batch) {
        CountDownLatch open;
        synchronized (state) {
            for (Completion c : batch) {
                if (c.opcode() == Completion.Opcode.SEND) {
                    completed++;
                } else {
                    inbox.add(c.payload());
                }
            }
            open = gate;
            gate = new CountDownLatch(1);
        }
        open.countDown();
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
            CountDownLatch next;
            synchronized (state) {
                if (completed >= posted) {
                    return true;
                }
                next = gate;
            }
            Completion c = sendCq.poll();
            if (c != null) {
                publish(List.of(c));
                continue;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0 || !next.await(left, TimeUnit.NANOSECONDS)) {
                return false;
            }
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            CountDownLatch next;
            synchronized (state) {
                if (!inbox.isEmpty()) {
                    return inbox.poll();
                }
                next = gate;
            }
            Completion c = receiveCq.poll();
            if (c != null) {
                publish(List.of(c));
                continue;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0 || !next.await(left, TimeUnit.NANOSECONDS)) {
                return null;
            }
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }
}
