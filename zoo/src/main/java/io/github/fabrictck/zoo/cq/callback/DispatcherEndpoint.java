package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionConsumer;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A dispatcher endpoint, the shape of a CQ processor thread (DiSNI's {@code RdmaCqProcessor}): the
 * completion handler, on the device's interrupt thread, acknowledges the event and hands the queue
 * whose event fired to one dispatcher thread of the context's thread factory; the dispatcher re-arms
 * that queue, polls it until it is empty and hands each completion to the application, to its
 * waiters and then to its callback, on the dispatcher thread that took it. {@code close()} puts a
 * stop marker behind the events, joins the dispatcher, and only then destroys the queue pair.
 *
 * <p>Why every completion is found: the dispatcher arms before it polls, so a completion that lands
 * before the arm takes effect is found by that poll, and one that lands after raises an event whose
 * queue the dispatcher takes next. A spurious event costs one empty poll. Received messages wait in
 * a {@link LinkedBlockingQueue} that {@code receive} takes from with its timeout; finished sends are
 * counted under the endpoint's monitor, where {@code awaitSendsComplete} checks and waits.
 *
 * <p>Why no completion reaches the callback after {@code close()} returned: only the dispatcher calls
 * it, and {@code close()} returns after the dispatcher ended. The handler hands an event over and the
 * stop marker is queued under one lock ({@code gate}) with the stopping mark, so no event is queued
 * behind the marker: the dispatcher services every event queued before it (their completions reach
 * the callback before {@code close()} returns), then ends. The dispatcher ends on the marker only;
 * an interrupt does not stop it, so no event handed to it is left unserviced. A callback that throws
 * is the application's failure for that completion alone: it is counted and the dispatcher goes on.
 *
 * <p>Teardown: the handler acknowledges every event itself, before it looks at the mark, so the
 * device's destroy (which waits for every delivered event to be acknowledged) never waits for the
 * dispatcher; a handler that finds the endpoint stopping touches nothing more. The queue pair is
 * destroyed after the join, when no driver thread but such a handler can still run.
 */
class DispatcherEndpoint implements CompletionQueueDriver {

    /** The dispatcher's stop marker; never a queue of the device. */
    protected static final Object STOP = new Object();

    protected final QueuePair queuePair;
    protected final Thread dispatcher;
    protected final Object gate = new Object();
    protected final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    /** Under {@code gate}: once set, no event is handed to the dispatcher. */
    protected boolean stopping;
    private volatile CompletionConsumer consumer;
    private final BlockingQueue<byte[]> inbox = new LinkedBlockingQueue<>();
    private long posted;
    private long completed;
    private long callbackFailures;

    DispatcherEndpoint(DriverContext context, QueuePair queuePair) {
        this.queuePair = queuePair;
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
        this.dispatcher = context.threadFactory().newThread(this::dispatch);
        dispatcher.start();
    }

    @Override
    public void onCompletionEvent(CompletionQueue cq) {
        cq.acknowledgeEvents(1);
        synchronized (gate) {
            if (!stopping) {
                events.add(cq);
            }
        }
    }

    @Override
    public boolean consumeWith(CompletionConsumer consumer) {
        this.consumer = consumer;
        return true;
    }

    /** The dispatcher thread: services each queue handed to it, until the stop marker. */
    private void dispatch() {
        while (true) {
            Object event = nextEvent();
            if (event == STOP) {
                return;
            }
            CompletionQueue cq = (CompletionQueue) event;
            cq.requestNotify(false);
            for (Completion c = cq.poll(); c != null; c = cq.poll()) {
                deliver(c);
            }
        }
    }

    /** The next event handed to the dispatcher, or {@link #STOP}; waits as long as it takes, whatever interrupts it. */
    protected Object nextEvent() {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return events.take();
                } catch (InterruptedException e) {
                    interrupted = true; // only the marker stops the dispatcher: an event queued must be serviced
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Hands one completion to the application: to its waiters, then to its callback if it gave one. */
    private void deliver(Completion c) {
        if (c.opcode() == Completion.Opcode.SEND) {
            synchronized (this) {
                completed++;
                notifyAll();
            }
        } else {
            inbox.add(c.payload());
        }
        CompletionConsumer to = consumer;
        if (to != null) {
            try {
                to.accept(c);
            } catch (RuntimeException e) {
                synchronized (this) {
                    callbackFailures++;
                }
            }
        }
    }

    @Override
    public void send(byte[] payload) {
        long id;
        synchronized (this) {
            id = ++posted;
        }
        queuePair.postSend(id, payload);
    }

    @Override
    public synchronized boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (completed < posted) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        return inbox.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Stops the dispatcher behind every event handed to it, joins it, then destroys the queue pair. */
    @Override
    public void close() {
        synchronized (gate) {
            if (stopping) {
                return;
            }
            stopping = true;
            events.add(STOP);
        }
        boolean interrupted = false;
        while (true) {
            try {
                dispatcher.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the destroy must wait for the dispatcher all the same
            }
        }
        queuePair.destroy();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
