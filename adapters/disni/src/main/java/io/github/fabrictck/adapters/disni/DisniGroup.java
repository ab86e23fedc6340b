package io.github.fabrictck.adapters.disni;

import com.ibm.disni.RdmaActiveCqProcessor;
import com.ibm.disni.RdmaActiveEndpointGroup;
import com.ibm.disni.RdmaCqProcessor;
import com.ibm.disni.verbs.IbvContext;
import io.github.fabrictck.adapters.disni.verbs.SimulatedVerbs;
import io.github.fabrictck.sim.SharedQueueDevice;
import io.github.fabrictck.spi.cq.CompletionConsumer;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.SharedCompletionQueueDriver;
import io.github.fabrictck.spi.cq.SharedQueuePair;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * DiSNI's endpoint group on one CQ shared by several queue pairs, as DiSNI builds it: an
 * {@code RdmaActiveEndpointGroup}, one CQ processor for the device context running DiSNI's own
 * {@code RdmaCqProcessor.run} on its own thread, and one {@code RdmaActiveEndpoint} per queue pair,
 * registered with the processor under the queue pair's number ({@code registerQP}), to which
 * {@code RdmaCqProcessor.dispatchCqEvent} routes each work completion by its {@code qp_num}. The
 * device's work completions reach DiSNI through its own decoder ({@code NatPollCqCall.update},
 * {@link SimulatedVerbs.Decoder}) from the {@code struct ibv_wc} libibverbs would write.
 */
final class DisniGroup implements SharedCompletionQueueDriver {

    private final SimulatedVerbs verbs;
    private final RdmaActiveEndpointGroup<DisniEndpoint.Application> group;
    private final IbvContext context;
    private final RdmaCqProcessor<DisniEndpoint.Application> processor;
    private final List<SharedQueuePair> queuePairs = new ArrayList<>();

    private DisniGroup(CompletionQueue queue, int timeout, DisniEndpoint.Processors processors,
                       SimulatedVerbs.Decoder decoder) throws IOException {
        SharedQueueDevice device = SharedQueueDevice.owning(queue);
        this.verbs = new SimulatedVerbs(List.of(queue), decoder, device == null ? null : device::note);
        SimulatedVerbs.install(verbs);
        this.group = new RdmaActiveEndpointGroup<>(timeout, false, DisniEndpoint.MAX_WR, 1, DisniEndpoint.CQ_SIZE);
        this.context = verbs.context();
        this.processor = processors.create(context, DisniEndpoint.CQ_SIZE, DisniEndpoint.MAX_WR, timeout);
        processor.start();
    }

    /** DiSNI 2.1's own CQ processor and decoder, as {@code RdmaActiveEndpointGroup.createCqProvider} makes it. */
    static DisniGroup open(CompletionQueue queue, int timeout) {
        return open(queue, timeout, (context, cqSize, wrSize, t) -> new RdmaActiveCqProcessor<>(context, cqSize,
                wrSize, 0, 1, t, false), SimulatedVerbs.Decoder.DISNI);
    }

    static DisniGroup open(CompletionQueue queue, int timeout, DisniEndpoint.Processors processors,
                           SimulatedVerbs.Decoder decoder) {
        try {
            return new DisniGroup(queue, timeout, processors, decoder);
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

    /** A DiSNI endpoint on the queue pair, registered with DiSNI's CQ processor under the queue pair's number. */
    @Override
    public QueuePairEndpoint connect(SharedQueuePair queuePair, CompletionConsumer consumer) {
        DisniEndpoint.Application endpoint;
        try {
            endpoint = new DisniEndpoint.Application(group, verbs.cmId(context), verbs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        endpoint.consumer = consumer;
        synchronized (queuePairs) {
            queuePairs.add(queuePair);
        }
        try {
            processor.registerQP(queuePair.number(), endpoint);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long[] posted = {0};
        return payload -> {
            long id;
            synchronized (posted) {
                id = ++posted[0];
            }
            queuePair.postSend(id, payload);
        };
    }

    /** DiSNI's teardown: {@code RdmaCqProcessor.close()}, then every queue pair. */
    @Override
    public void close() {
        try {
            processor.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            List<SharedQueuePair> toDestroy;
            synchronized (queuePairs) {
                toDestroy = List.copyOf(queuePairs);
                queuePairs.clear();
            }
            toDestroy.forEach(SharedQueuePair::destroy);
        }
    }
}
