package io.github.fabrictck.zoo.cq.review;

import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;

/**
 * Events in and out, as the zoo's ledger does (a vendor would write its own): close() refuses later
 * events (a refused handler still acknowledges its event, which the device's destroy waits for), waits
 * until every event a handler took was handled, then destroys the queue pair outside its lock.
 */
final class EventCount {

    private long taken;
    private long finished;
    private boolean closing;

    boolean take(CompletionQueue cq) {
        synchronized (this) {
            if (!closing) {
                taken++;
                return true;
            }
        }
        cq.acknowledgeEvents(1);
        return false;
    }

    synchronized void finish() {
        finished++;
        notifyAll();
    }

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
                    // a destroy under a running handler would be a use after free
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
