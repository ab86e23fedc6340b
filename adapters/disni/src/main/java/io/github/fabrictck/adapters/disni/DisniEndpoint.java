package io.github.fabrictck.adapters.disni;

import com.ibm.disni.RdmaActiveCqProcessor;
import com.ibm.disni.RdmaActiveEndpoint;
import com.ibm.disni.RdmaActiveEndpointGroup;
import com.ibm.disni.RdmaCqProcessor;
import com.ibm.disni.verbs.IbvContext;
import com.ibm.disni.verbs.IbvWC;
import io.github.fabrictck.adapters.disni.verbs.SimulatedVerbs;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionConsumer;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayDeque;

/**
 * DiSNI's completion path on the kit's device, as an application of DiSNI builds it: an
 * {@code RdmaActiveEndpointGroup}, DiSNI's CQ processor for the device context (made with the
 * arguments {@code RdmaActiveEndpointGroup.createCqProvider} gives it) running DiSNI's own
 * {@code RdmaCqProcessor.run} on DiSNI's own thread, and an {@code RdmaActiveEndpoint} whose
 * {@code dispatchCqEvent} plays the application. Sends are posted on the kit's queue pair directly
 * (DiSNI's post path is not modelled yet); everything between the device's event and the
 * application's completion is DiSNI's code.
 */
final class DisniEndpoint implements CompletionQueueDriver {

    /** DiSNI's examples wait for CQ events with a 1 s timeout; it runs on the device's time ({@link SimulatedVerbs}). */
    static final int CQ_EVENT_TIMEOUT = 1000;
    static final int CQ_SIZE = 64;
    static final int MAX_WR = 16;

    /** How a driver makes DiSNI's CQ processor: DiSNI's own, or a patched copy (the control). */
    interface Processors {
        RdmaCqProcessor<Application> create(IbvContext context, int cqSize, int wrSize, int timeout) throws IOException;
    }

    private final QueuePair device;
    private final SimulatedVerbs verbs;
    private final RdmaCqProcessor<Application> processor;
    private final Application application;
    private long posted;

    private DisniEndpoint(QueuePair device, int timeout, Processors processors) throws IOException {
        this.device = device;
        this.verbs = new SimulatedVerbs(device);
        SimulatedVerbs.install(verbs);
        RdmaActiveEndpointGroup<Application> group = new RdmaActiveEndpointGroup<>(timeout, false, MAX_WR, 1, CQ_SIZE);
        IbvContext context = verbs.context();
        this.processor = processors.create(context, CQ_SIZE, MAX_WR, timeout);
        this.application = new Application(group, verbs.cmId(context), verbs);
        processor.registerQP(SimulatedVerbs.QP_NUM, application);
        processor.start();
    }

    /**
     * DiSNI 2.1's own CQ processor, as {@code RdmaActiveEndpointGroup.createCqProvider} makes it.
     *
     * @param timeout the group's {@code getCqEvent} timeout in ms; -1 waits for an event only
     */
    static DisniEndpoint open(QueuePair device, int timeout) {
        return open(device, timeout, (context, cqSize, wrSize, t) -> new RdmaActiveCqProcessor<>(context, cqSize,
                wrSize, 0, 1, t, false));
    }

    static DisniEndpoint open(QueuePair device, int timeout, Processors processors) {
        try {
            return new DisniEndpoint(device, timeout, processors);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void onCompletionEvent(CompletionQueue queue) {
        if (!verbs.interrupt(queue)) {
            queue.acknowledgeEvents(1); // DiSNI's CQ is gone: no event was raised, none will be acked
        }
    }

    /** The application's callback runs inside DiSNI's {@code dispatchCqEvent}, on DiSNI's CQ thread (CQ-5). */
    @Override
    public boolean consumeWith(CompletionConsumer consumer) {
        application.consumer = consumer;
        return true;
    }

    @Override
    public void send(byte[] payload) {
        long id;
        synchronized (this) {
            id = ++posted;
        }
        device.postSend(id, payload);
    }

    @Override
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        long n;
        synchronized (this) {
            n = posted;
        }
        return application.awaitSends(n, timeout);
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        return application.receive(timeout);
    }

    /**
     * DiSNI's teardown: {@code RdmaCqProcessor.close()}, then the queue pair. DiSNI's close does not
     * wake its CQ thread: it returns once that thread's {@code getCqEvent} timeout passes (device time).
     */
    @Override
    public void close() {
        try {
            processor.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        device.destroy();
    }

    /** The application's endpoint: DiSNI dispatches each work completion of its QP here. */
    static final class Application extends RdmaActiveEndpoint {
        private final SimulatedVerbs verbs;
        private final ArrayDeque<byte[]> received = new ArrayDeque<>();
        private long sent;
        volatile CompletionConsumer consumer;

        Application(RdmaActiveEndpointGroup<Application> group, com.ibm.disni.verbs.RdmaCmId id, SimulatedVerbs verbs)
                throws IOException {
            super(group, id, false);
            this.verbs = verbs;
        }

        /** DiSNI's endpoint callback: what the application's callback throws leaves it, as in an application of DiSNI. */
        @Override
        public void dispatchCqEvent(IbvWC wc) {
            Completion c;
            synchronized (this) {
                if (wc.getStatus() != IbvWC.IbvWcStatus.IBV_WC_SUCCESS.ordinal()) {
                    // an error completion: its id, status and queue pair as DiSNI decoded them, nothing else
                    c = Completion.flushed(wc.getWr_id(), wc.getQp_num());
                } else if (wc.getOpcode() == IbvWC.IbvWcOpcode.IBV_WC_RECV.getOpcode()) {
                    byte[] payload = verbs.payload(wc);
                    received.add(payload);
                    c = new Completion(wc.getWr_id(), Completion.Opcode.RECEIVE, payload, Completion.Status.SUCCESS,
                            wc.getQp_num());
                } else {
                    sent++;
                    c = new Completion(wc.getWr_id(), Completion.Opcode.SEND, new byte[0], Completion.Status.SUCCESS,
                            wc.getQp_num());
                }
                notifyAll();
            }
            CompletionConsumer to = consumer;
            if (to != null) {
                to.accept(c);
            }
        }

        synchronized boolean awaitSends(long n, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (sent < n) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                wait(Math.max(1, left / 1_000_000));
            }
            return true;
        }

        synchronized byte[] receive(Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (received.isEmpty()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
                wait(Math.max(1, left / 1_000_000));
            }
            return received.poll();
        }
    }
}
