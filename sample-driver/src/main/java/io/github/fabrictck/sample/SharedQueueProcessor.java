package io.github.fabrictck.sample;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionConsumer;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.SharedCompletionQueueDriver;
import io.github.fabrictck.spi.cq.SharedQueuePair;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The compliant processing of one completion queue shared by several queue pairs (an endpoint
 * group's per-device CQ): the handler acknowledges, drains, re-arms asking for missed events and
 * drains again, and hands each completion to the endpoint of the queue pair the completion names
 * ({@link Completion#queuePairNumber()}, valid for error completions too), each call in a
 * {@code try} of its own. How a completion finds its endpoint ({@link #owner}) is the hook the
 * known-broken {@code broken-cq-6} changes.
 */
class SharedQueueProcessor implements SharedCompletionQueueDriver {

    protected final CompletionQueue queue;
    private final Map<Integer, CompletionConsumer> endpoints = new ConcurrentHashMap<>();
    private final List<SharedQueuePair> queuePairs = new ArrayList<>();
    private final Object lock = new Object();
    private boolean handling;
    private boolean closing;

    SharedQueueProcessor(CompletionQueue queue) {
        this.queue = queue;
        queue.requestNotify(false);
    }

    /** The queue pair number a polled completion is routed by. */
    protected int owner(Completion c) {
        return c.queuePairNumber();
    }

    @Override
    public void onCompletionEvent(CompletionQueue q) {
        boolean closed;
        synchronized (lock) {
            handling = true;
            closed = closing;
        }
        try {
            q.acknowledgeEvents(1);
            if (closed) {
                return;
            }
            int missed;
            do {
                for (Completion c = q.poll(); c != null; c = q.poll()) {
                    dispatch(c);
                }
                missed = q.requestNotify(true);
            } while (missed > 0);
        } finally {
            synchronized (lock) {
                handling = false;
                lock.notifyAll();
            }
        }
    }

    private void dispatch(Completion c) {
        CompletionConsumer to = endpoints.get(owner(c));
        if (to == null) {
            return;
        }
        try {
            to.accept(c);
        } catch (RuntimeException e) {
            // the application's failure for this one completion: the others still go to their endpoints
        }
    }

    @Override
    public QueuePairEndpoint connect(SharedQueuePair queuePair, CompletionConsumer consumer) {
        synchronized (lock) {
            queuePairs.add(queuePair);
        }
        endpoints.put(queuePair.number(), consumer);
        long[] posted = {0};
        return payload -> {
            long id;
            synchronized (posted) {
                id = ++posted[0];
            }
            queuePair.postSend(id, payload);
        };
    }

    /** Waits for a running handler, then destroys every queue pair. */
    @Override
    public void close() {
        List<SharedQueuePair> toDestroy;
        synchronized (lock) {
            closing = true;
            while (handling) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            toDestroy = List.copyOf(queuePairs);
            queuePairs.clear();
        }
        endpoints.clear();
        toDestroy.forEach(SharedQueuePair::destroy);
    }
}
