package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A Phaser hand-off: the handler acknowledges, drains, re-arms, drains, publishes under a monitor
 * and then arrives at a one-party phaser (advancing its phase); the waiter reads the phase, polls
 * and checks under the monitor, and awaits the phase's advance. Correct when the phase is read
 * before the check ({@code phaseFirst}); the broken twin reads it after the check, so a handler
 * that publishes and arrives in between advanced a phase the waiter then waits beyond.
 */
class PhaserEndpoint implements CompletionQueueDriver {

    private final QueuePair queuePair;
    private final boolean phaseFirst;
    private final EventCount ledger = new EventCount();
    private final Phaser progress = new Phaser(1);
    private final Object monitor = new Object();
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private long posted;
    private long completed;

    PhaserEndpoint(QueuePair queuePair, boolean phaseFirst) {
        this.queuePair = queuePair;
        this.phaseFirst = phaseFirst;
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
            drain(cq);
            cq.requestNotify(false);
            drain(cq);
            progress.arrive();
        } finally {
            ledger.finish();
        }
    }

    private void drain(CompletionQueue cq) {
        for (Completion c = cq.poll(); c != null; c = cq.poll()) {
            synchronized (monitor) {
                if (c.opcode() == Completion.Opcode.SEND) {
                    completed++;
                } else {
                    inbox.add(c.payload());
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
        while (true) {
            int phase = phaseFirst ? progress.getPhase() : -1;
            drain(queuePair.sendCompletionQueue());
            synchronized (monitor) {
                if (completed >= posted) {
                    return true;
                }
            }
            if (!phaseFirst) {
                phase = progress.getPhase();
            }
            if (!awaitPhase(phase, deadline)) {
                return false;
            }
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            int phase = phaseFirst ? progress.getPhase() : -1;
            drain(queuePair.receiveCompletionQueue());
            synchronized (monitor) {
                if (!inbox.isEmpty()) {
                    return inbox.poll();
                }
            }
            if (!phaseFirst) {
                phase = progress.getPhase();
            }
            if (!awaitPhase(phase, deadline)) {
                return null;
            }
        }
    }

    private boolean awaitPhase(int phase, long deadline) throws InterruptedException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        try {
            progress.awaitAdvanceInterruptibly(phase, left, TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
    }
}
