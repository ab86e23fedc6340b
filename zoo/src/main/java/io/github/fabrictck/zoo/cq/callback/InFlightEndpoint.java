package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;

/**
 * A handler-only endpoint with the application's completion callback, quiesced with an in-flight
 * counter, the kernel's {@code atomic_t} and {@code wait_event} shape: every completion handler
 * counts itself in when it enters and out when it leaves; {@code close()} marks the endpoint closed,
 * then parks until the count is zero, and the handler that counts the last one out of a closed
 * endpoint unparks it. The callback is application code, so the handler calls it outside every lock
 * of the endpoint, while it is counted in.
 *
 * <p>The handler, on the device's interrupt thread: count in, acknowledge the event, look at the
 * closed mark (once it is set, touch nothing more), then the Linux {@code ib_cq} loop on the queue
 * whose event fired: poll it until empty, handing each completion to the application's waiters and
 * then to its callback, and re-arm it with {@code requestNotify(true)}, again while the device
 * answers that completions may be waiting. Each queue is armed on its own, so an event of one
 * leaves the other armed. The application never polls: {@code awaitSendsComplete} and
 * {@code receive} wait on a {@link Condition} that every hand-over signals, checking their predicate
 * under its lock.
 *
 * <p>Why no completion reaches the callback after {@code close()} returned: a handler counts itself
 * in before it looks at the mark, and {@code close()} sets the mark before it reads the count (both
 * volatile, so the two cannot both miss each other). A handler that saw the mark unset is counted in
 * when {@code close()} reads the count, and {@code close()} waits until it has counted itself out,
 * which it does after its last callback; a handler counted in later sees the mark and only
 * acknowledges its event. The handler that brings the count to zero after {@code close()} read it
 * sees the mark too, so it unparks the waiting {@code close()}. A callback that throws is the
 * application's failure for that completion alone: it is counted and the loop goes on with the rest
 * of the queue.
 *
 * <p>Teardown: {@code close()} destroys the queue pair once the count is zero, outside every lock; a
 * handler that enters afterwards (the device took its event before the destroy began) acknowledges
 * its event, which the device's destroy waits for, and touches no queue.
 */
class InFlightEndpoint extends CallbackEndpoint {

    /** Handlers between their entry and their exit. */
    private final AtomicInteger inFlight = new AtomicInteger();
    protected volatile boolean closed;
    /** The thread in {@code close()}; written before {@link #closed}, so a handler that sees the mark sees it. */
    private volatile Thread closer;

    InFlightEndpoint(QueuePair queuePair) {
        super(queuePair);
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        countIn();
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
            countOut();
        }
    }

    protected final void countIn() {
        inFlight.incrementAndGet();
    }

    /** Counts a handler out; the last one out of a closed endpoint wakes {@code close()}. */
    protected final void countOut() {
        if (inFlight.decrementAndGet() == 0 && closed) {
            LockSupport.unpark(closer);
        }
    }

    /**
     * Marks the endpoint closed, waits until no handler is counted in (its callbacks included), then
     * destroys the queue pair. An interrupt does not end the wait: a destroy under a running handler
     * would be a use after free; it is kept for the caller.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closer = Thread.currentThread();
        closed = true;
        boolean interrupted = false;
        while (inFlight.get() > 0) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                interrupted = true;
            }
        }
        queuePair.destroy();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
