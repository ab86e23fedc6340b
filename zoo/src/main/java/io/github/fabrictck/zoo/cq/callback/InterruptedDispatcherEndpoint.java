package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.QueuePair;

/**
 * The dispatcher endpoint stopped the quick way: {@code close()} marks the endpoint stopping,
 * interrupts the dispatcher and destroys the queue pair without joining it; the dispatcher looks at
 * its interrupt before it takes the next event and ends when its wait is interrupted. A dispatcher
 * that is servicing a queue when {@code close()} interrupts it is not waited for: it finishes that
 * queue, and hands what it took to the application's callback after {@code close()} returned.
 */
final class InterruptedDispatcherEndpoint extends DispatcherEndpoint {

    InterruptedDispatcherEndpoint(DriverContext context, QueuePair queuePair) {
        super(context, queuePair);
    }

    @Override
    protected Object nextEvent() {
        if (Thread.currentThread().isInterrupted()) {
            return STOP;
        }
        try {
            return events.take();
        } catch (InterruptedException e) {
            return STOP;
        }
    }

    @Override
    public void close() {
        synchronized (gate) {
            if (stopping) {
                return;
            }
            stopping = true;
        }
        dispatcher.interrupt();
        queuePair.destroy();
    }
}
