package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;

/**
 * Events in and out: counts each completion event when the handler takes it and again when the
 * event has been acknowledged and handled, so that {@code close()} can wait for every event the
 * driver was given before it destroys the queue pair.
 *
 * <p>Counting at the handler's entry, not at some flag set later inside it, leaves the smallest
 * gap: an event is known to the driver from its handler's first instruction. Once {@code close()}
 * has begun, a handler is refused: it acknowledges its event and touches the queues no more.
 *
 * <p>What no driver can see: the device's interrupt thread may have taken an event and not yet
 * called the handler when {@code close()} destroys the pair. The device's {@code destroy} waits
 * until that event is acknowledged (as {@code ibv_destroy_cq} does), so the refused handler must
 * acknowledge it, and the destroy must not happen under a lock that handler needs first: here it
 * happens outside the ledger's lock.
 */
class EventLedger {

    private long taken;
    private long finished;
    private boolean closing;

    /**
     * Counts an event in. Refused once {@code close()} has begun: the event is then acknowledged
     * here, and the caller must not touch the queues.
     *
     * @return false when the caller must return at once
     */
    boolean take(CompletionQueue cq) {
        synchronized (this) {
            if (!closing) {
                taken++;
                return true;
            }
        }
        refused(cq);
        return false;
    }

    /** What a refused handler does with its event: acknowledges it, which the device's destroy waits for. */
    void refused(CompletionQueue cq) {
        cq.acknowledgeEvents(1);
    }

    /** Counts an event out: it was acknowledged and handled. */
    synchronized void finish() {
        finished++;
        notifyAll();
    }

    /** Refuses later events, waits until every event taken was finished, then destroys the queue pair. */
    void closeAndDestroy(QueuePair queuePair) {
        boolean interrupted = false;
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
            while (finished < taken) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    // close() cannot give up: a destroy under a running handler is a use after free
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
