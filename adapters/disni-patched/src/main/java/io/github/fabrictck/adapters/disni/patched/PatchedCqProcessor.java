package io.github.fabrictck.adapters.disni.patched;

import com.ibm.disni.RdmaActiveCqProcessor;
import com.ibm.disni.RdmaActiveEndpoint;
import com.ibm.disni.verbs.IbvContext;
import com.ibm.disni.verbs.IbvWC;
import com.ibm.disni.verbs.SVCPollCq;
import com.ibm.disni.verbs.SVCReqNotify;
import java.io.IOException;

/**
 * PATCH, NOT DiSNI: DiSNI 2.1's {@code RdmaCqProcessor.run} and {@code close} (with
 * {@code RdmaCqProvider.close}) copied with the two fixes the kit's CQ-5 and CQ-8 ask for, and
 * nothing else changed: DiSNI's order (get the event, ack, re-arm, poll until empty) and its
 * timed {@code getCqEvent} stay. It shows that DiSNI's FAILs of CQ-5 and CQ-8 on this adapter are
 * DiSNI's bugs: the same adapter and device PASS them with this patch.
 * <ul>
 *   <li>CQ-5: each {@code dispatchCqEvent} has its own {@code try}, so an endpoint that throws costs
 *       only its own completion, never the rest of the batch (DiSNI: one {@code try} around the
 *       whole loop, {@code RdmaCqProcessor.java:118-148});</li>
 *   <li>CQ-8: {@code close} destroys the CQ before the completion channel it is attached to, and a
 *       failed destroy is an {@link IOException} (DiSNI: channel first, its EBUSY ignored,
 *       {@code RdmaCqProvider.java:54-56}).</li>
 * </ul>
 *
 * @param <C> DiSNI's endpoints
 */
public final class PatchedCqProcessor<C extends RdmaActiveEndpoint> extends RdmaActiveCqProcessor<C> {

    private final IbvWC[] wcList;
    private final SVCPollCq poll;
    private final SVCReqNotify reqNotify;
    private final int timeout;
    private volatile boolean running = true;
    /** DiSNI's own CQ thread ({@code RdmaCqProcessor.start}), which runs this {@link #run}. */
    private volatile Thread worker;

    public PatchedCqProcessor(IbvContext context, int cqSize, int wrSize, int timeout) throws IOException {
        super(context, cqSize, wrSize, 0, 1, timeout, false);
        this.timeout = timeout;
        this.wcList = new IbvWC[Math.min(cqSize, wrSize)];
        for (int i = 0; i < wcList.length; i++) {
            wcList[i] = new IbvWC();
        }
        this.poll = cq.poll(wcList, wcList.length);
        this.reqNotify = cq.reqNotification(false);
    }

    @Override
    public void run() {
        worker = Thread.currentThread();
        while (running) {
            try {
                if (compChannel.getCqEvent(cq, timeout)) {
                    cq.ackEvents(1);
                    reqNotify.execute();
                    int res = poll.execute().getPolls();
                    while (res > 0) {
                        for (int i = 0; i < res; i++) {
                            // PATCH (CQ-5): the try is around each dispatch, not around the batch
                            try {
                                dispatchCqEvent(wcList[i]);
                            } catch (Exception e) {
                                // the endpoint's failure for this completion alone: the batch goes on
                            }
                        }
                        res = poll.execute().getPolls();
                    }
                }
            } catch (Exception e) {
                if (!running) {
                    break;
                }
            }
        }
    }

    /** DiSNI's close with the CQ-8 patch: stop and join the CQ thread, destroy the CQ, then its channel, checked. */
    @Override
    public void close() throws IOException, InterruptedException {
        running = false;
        Thread t = worker;
        if (t != null) {
            t.join();
        }
        // PATCH (CQ-8): the CQ before the channel it is attached to, and each result checked
        int res = cq.destroyCQ();
        if (res != 0) {
            throw new IOException("ibv_destroy_cq failed: " + res);
        }
        res = compChannel.destroyCompChannel();
        if (res != 0) {
            throw new IOException("ibv_destroy_comp_channel failed: " + res);
        }
    }
}
