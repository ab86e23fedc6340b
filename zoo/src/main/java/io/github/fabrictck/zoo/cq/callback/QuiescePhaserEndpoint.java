package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.concurrent.Phaser;
import java.util.concurrent.locks.Condition;

/**
 * A handler-only endpoint with the application's completion callback, quiesced with a
 * {@link Phaser}: every completion handler registers with the phaser when it enters and deregisters
 * when it leaves; {@code close()} marks the endpoint closed, then arrives at the phaser and waits for
 * its phase to advance, which it does only once every handler registered by then has left. The
 * callback is application code, so the handler calls it outside every lock of the endpoint.
 *
 * <p>The handler, on the device's interrupt thread: register, acknowledge the event, look at the
 * closed mark (once it is set, touch nothing more), then the Linux {@code ib_cq} loop on the queue
 * whose event fired: poll it until empty, handing each completion to the application's waiters and
 * then to its callback, and re-arm it with {@code requestNotify(true)}, again while the device
 * answers that completions may be waiting. Each queue is armed on its own, so an event of one
 * leaves the other armed. The application never polls: {@code awaitSendsComplete} and
 * {@code receive} wait on a {@link Condition} that every hand-over signals, checking their predicate
 * under its lock.
 *
 * <p>Why no completion reaches the callback after {@code close()} returned: a handler registers
 * before it looks at the mark, and {@code close()} sets the mark before it arrives. A handler that
 * saw the mark unset registered before {@code close()} arrived (a register and the arrive are
 * ordered on the phaser's state, the mark is volatile), so the phase cannot advance, and
 * {@code close()} cannot return, before that handler deregistered, which it does after its last
 * callback. A handler that registered later sees the mark and only acknowledges its event. A
 * callback that throws is the application's failure for that completion alone: it is counted and
 * the loop goes on with the rest of the queue.
 *
 * <p>Teardown: {@code close()} destroys the queue pair once the phase advanced, outside every lock; a
 * handler that enters afterwards (the device took its event before the destroy began) acknowledges
 * its event, which the device's destroy waits for, and touches no queue.
 */
final class QuiescePhaserEndpoint extends CallbackEndpoint {

    /** Party 0 is the endpoint itself, until {@code close()} arrives; each running handler is one more. */
    private final Phaser handlers = new Phaser(1);
    private volatile boolean closed;

    QuiescePhaserEndpoint(QueuePair queuePair) {
        super(queuePair);
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        handlers.register();
        try {
            cq.acknowledgeEvents(1);
            if (closed) {
                return;
            }
            do {
                for (Completion c = cq.poll(); c != null; c = cq.poll()) {
                    publish(c);
                    handOver(c);
                }
            } while (cq.requestNotify(true) > 0);
        } finally {
            handlers.arriveAndDeregister();
        }
    }

    /**
     * Marks the endpoint closed, waits until no handler that may have missed the mark is still
     * running (its callbacks included), then destroys the queue pair. Not interruptible: a destroy
     * under a running handler would be a use after free.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        handlers.arriveAndAwaitAdvance();
        queuePair.destroy();
    }
}
