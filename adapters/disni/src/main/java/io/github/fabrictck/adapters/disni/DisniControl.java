package io.github.fabrictck.adapters.disni;

import com.ibm.disni.RdmaActiveEndpoint;
import com.ibm.disni.RdmaActiveEndpointGroup;
import com.ibm.disni.RdmaCqProcessor;
import com.ibm.disni.verbs.RdmaCmId;
import com.ibm.disni.verbs.IbvContext;
import io.github.fabrictck.adapters.disni.verbs.SimulatedVerbs;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import io.github.fabrictck.spi.cq.SharedCompletionQueueDriver;
import io.github.fabrictck.spi.cs.cm.CmEndpoint;
import io.github.fabrictck.spi.cs.cm.CmLink;
import java.io.IOException;

/** Opens the DiSNI endpoint with a patched CQ processor: the controls of the module {@code adapters/disni-patched}. */
public final class DisniControl {

    /** A patched processor's constructor. */
    public interface Processor {
        RdmaCqProcessor<?> create(IbvContext context, int cqSize, int wrSize, int timeout) throws IOException;
    }

    private DisniControl() {
    }

    /**
     * The endpoint group on a shared CQ with {@code processor} in place of DiSNI's own
     * {@code RdmaActiveCqProcessor} and {@code decoder} in place of DiSNI's {@code NatPollCqCall.update}.
     */
    @SuppressWarnings("unchecked")
    public static SharedCompletionQueueDriver openShared(CompletionQueue queue, Processor processor,
                                                         SimulatedVerbs.Decoder decoder) {
        return DisniGroup.open(queue, DisniEndpoint.CQ_EVENT_TIMEOUT, (context, cqSize, wrSize, timeout) ->
                (RdmaCqProcessor<DisniEndpoint.Application>) processor.create(context, cqSize, wrSize, timeout), decoder);
    }

    /** The endpoint with {@code processor} in place of DiSNI's own {@code RdmaActiveCqProcessor}. */
    @SuppressWarnings("unchecked")
    public static CompletionQueueDriver open(QueuePair device, Processor processor) {
        return DisniEndpoint.open(device, DisniEndpoint.CQ_EVENT_TIMEOUT, (context, cqSize, wrSize, timeout) ->
                (RdmaCqProcessor<DisniEndpoint.Application>) processor.create(context, cqSize, wrSize, timeout));
    }

    /** How a driver makes the application's endpoint: DiSNI's own connect, or a patched copy (the control). */
    public interface Endpoint {
        RdmaActiveEndpoint create(RdmaActiveEndpointGroup<RdmaActiveEndpoint> group, RdmaCmId id) throws IOException;
    }

    /** The client on the kit's connection manager with {@code endpoint} in place of DiSNI's own endpoint. */
    public static CmEndpoint openClient(CmLink link, Endpoint endpoint) {
        return DisniClient.open(link, DisniEndpoint.CQ_EVENT_TIMEOUT, endpoint);
    }
}
