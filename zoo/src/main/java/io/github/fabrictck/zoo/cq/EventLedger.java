package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.QueuePair;

/**
 * Events in and out: counts each completion event when the handler takes it and again when the
 * event has been acknowledged and handled, so that {@code close()} can wait for every event the
 * driver was given before it destroys the queue pair.
 *
 * <p>Counting at the handler's entry, not at some flag set later inside it, leaves the smallest
 * gap: an event is known to the driver from its handler's first instruction. The destroy happens
 * under the ledger's lock, so no handler can be counted in between the last check and the destroy;
 * a handler that enters afterwards is refused and must not touch the queues (they are freed).
 *
 * <p>What no driver can see: the device's interrupt thread may have taken an event and not yet
 * called the handler when {@code close()} destroys the pair. That event was never given to the
 * driver; the device then counts it unacknowledged.
 */
final class EventLedger {

    private long taken;
    private long finished;
    private boolean destroyed;

    /**
     * Counts an event in.
     *
     * @return false when the queue pair is already destroyed: the caller must not touch it
     */
    synchronized boolean take() {
        if (destroyed) {
            return false;
        }
        taken++;
        return true;
    }

    /** Counts an event out: it was acknowledged and handled. */
    synchronized void finish() {
        finished++;
        notifyAll();
    }

    /** Waits until every event taken was finished, then destroys the queue pair; later events are refused. */
    void closeAndDestroy(QueuePair queuePair) {
        boolean interrupted = false;
        synchronized (this) {
            if (destroyed) {
                return;
            }
            while (finished < taken) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    // close() cannot give up: a destroy under a running handler is a use after free
                    interrupted = true;
                }
            }
            destroyed = true;
            queuePair.destroy();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
