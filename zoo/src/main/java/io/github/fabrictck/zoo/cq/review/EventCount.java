package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.spi.cq.QueuePair;

/**
 * Events in and out, as the zoo's ledger does (a vendor would write its own): close() waits until
 * every event a handler took was handled, then destroys the queue pair; later events are refused.
 */
final class EventCount {

    private long taken;
    private long finished;
    private boolean destroyed;

    synchronized boolean take() {
        if (destroyed) {
            return false;
        }
        taken++;
        return true;
    }

    synchronized void finish() {
        finished++;
        notifyAll();
    }

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
                    // a destroy under a running handler would be a use after free
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
