package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionConsumer;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.TimeUnit;

/**
 * A reactive completion pipeline. The interrupt handler does the least it can: it acknowledges the event and
 * publishes the queue it fired for on a {@link SubmissionPublisher}. A single {@link Flow.Subscriber}, running on one
 * worker of the context's thread factory, is the only code that polls and re-arms: it drains the queue, makes each
 * completion known to the application and hands it to the callback, and re-arms with a missed-event report until the
 * queue is quiet. The publisher hands its task to the worker inside the JDK. {@link #close()} closes the publisher and
 * waits for the subscriber's {@code onComplete} before it destroys the queue pair.
 *
 * <p>{@code isolateCallback == false} is the broken twin: the callback's exception escapes {@code onNext}, the
 * publisher cancels the subscription, and the rest of the batch is never polled, the queue left unarmed (CQ-5).
 */
final class FlowEndpoint extends CallbackEndpoint {

    private final boolean isolateCallback;
    private final ExecutorService worker;
    private final SubmissionPublisher<CompletionQueue> events;
    private final CountDownLatch drained = new CountDownLatch(1);
    private volatile boolean closing;

    FlowEndpoint(DriverContext context, QueuePair qp, boolean isolateCallback) {
        super(qp);
        this.isolateCallback = isolateCallback;
        this.worker = Executors.newSingleThreadExecutor(context.threadFactory());
        this.events = new SubmissionPublisher<>(worker, Flow.defaultBufferSize());
        this.events.subscribe(new Drainer());
        qp.sendCompletionQueue().requestNotify(false);
        qp.receiveCompletionQueue().requestNotify(false);
    }

    @Override
    public void onCompletionEvent(CompletionQueue queue) {
        queue.acknowledgeEvents(1);
        if (closing) {
            return;
        }
        try {
            events.submit(queue);
        } catch (IllegalStateException closedMeanwhile) {
            // close() won the race: it no longer wants completions
        }
    }

    /** The one subscriber: drains and re-arms, on the publisher's worker. */
    private final class Drainer implements Flow.Subscriber<CompletionQueue> {

        @Override
        public void onSubscribe(Flow.Subscription s) {
            s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(CompletionQueue queue) {
            do {
                Completion c;
                while ((c = queue.poll()) != null) {
                    publish(c);
                    if (isolateCallback) {
                        handOver(c);
                    } else {
                        CompletionConsumer to = consumer();
                        if (to != null) {
                            to.accept(c); // its exception ends the subscription
                        }
                    }
                }
            } while (queue.requestNotify(true) > 0);
        }

        @Override
        public void onError(Throwable t) {
            drained.countDown();
        }

        @Override
        public void onComplete() {
            drained.countDown();
        }
    }

    @Override
    public void close() {
        closing = true;
        events.close();
        try {
            drained.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        worker.shutdown();
        try {
            worker.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        queuePair.destroy();
    }
}
