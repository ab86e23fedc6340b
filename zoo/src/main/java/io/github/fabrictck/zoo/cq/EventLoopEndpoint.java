package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * An event-loop endpoint, the {@code ibv_get_cq_event} shape: the completion handler only hands
 * the event to a {@link BlockingQueue}; one event-loop thread (from the context's thread factory)
 * takes each event, acknowledges it, re-arms the queue, polls it until empty and publishes to the
 * application ({@link PublishingEndpoint}).
 *
 * <p>Why it is correct: the loop arms before it polls, so a completion that lands before the arm
 * takes effect is found by the poll, and one that lands after raises an event that the loop will
 * take next. The application waits on the monitor the loop publishes under, checking its predicate
 * there, so it cannot miss a publication.
 *
 * <p>Teardown: the handler counts an event in (in an {@link EventLedger}) before it queues it, the
 * loop counts it out once it was acknowledged and handled; {@code close()} waits until the two
 * counts meet, destroys the queue pair, then stops and joins the loop.
 */
class EventLoopEndpoint extends PublishingEndpoint {

    /** Tells the loop to stop; never a queue of the device. */
    private static final Object STOP = new Object();

    private final EventLedger ledger = new EventLedger();
    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final Thread loop;

    EventLoopEndpoint(DriverContext context, QueuePair queuePair) {
        super(queuePair);
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
        this.loop = context.threadFactory().newThread(this::runLoop);
        loop.start();
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        if (ledger.take(cq)) {
            events.add(cq);
        }
    }

    private void runLoop() {
        while (true) {
            Object event;
            try {
                event = events.take();
            } catch (InterruptedException e) {
                return;
            }
            if (event == STOP) {
                return;
            }
            CompletionQueue cq = (CompletionQueue) event;
            try {
                cq.acknowledgeEvents(1);
                service(cq);
            } finally {
                ledger.finish();
            }
        }
    }

    /** Re-arms the queue whose event fired, then polls it until it is empty, publishing each completion. */
    protected void service(CompletionQueue cq) {
        cq.requestNotify(false);
        drain(cq);
    }

    protected final void drain(CompletionQueue cq) {
        for (Completion c = cq.poll(); c != null; c = cq.poll()) {
            publish(c);
        }
    }

    @Override
    public void close() {
        ledger.closeAndDestroy(queuePair);
        events.add(STOP);
        boolean interrupted = false;
        while (loop.isAlive()) {
            try {
                loop.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
