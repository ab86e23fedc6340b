package io.github.fabrictck.adapters.disni.patched;

import com.ibm.disni.RdmaActiveCqProcessor;
import com.ibm.disni.RdmaActiveEndpoint;
import com.ibm.disni.verbs.IbvContext;
import com.ibm.disni.verbs.IbvWC;
import com.ibm.disni.verbs.SVCPollCq;
import com.ibm.disni.verbs.SVCReqNotify;
import java.io.IOException;

/**
 * PATCH, NOT DiSNI: DiSNI 2.1's {@code RdmaCqProcessor.run} copied with one change, its re-arm
 * moved after the polls: get the event, ack, poll until empty, then re-arm, the order BeeGFS had
 * before its PR #133. A completion that lands between the last empty poll and the re-arm raises no
 * event and nothing polls again. It is the control of the DiSNI certification: on the same adapter
 * and device, CQ-1 must FAIL it, so a PASS of DiSNI's own order is DiSNI's doing, not the adapter's.
 *
 * @param <C> DiSNI's endpoints
 */
public final class BeeGfsOrderCqProcessor<C extends RdmaActiveEndpoint> extends RdmaActiveCqProcessor<C> {

    private final IbvWC[] wcList;
    private final SVCPollCq poll;
    private final SVCReqNotify reqNotify;
    private final int timeout;
    private volatile boolean running = true;

    public BeeGfsOrderCqProcessor(IbvContext context, int cqSize, int wrSize, int timeout) throws IOException {
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
        while (running) {
            try {
                if (compChannel.getCqEvent(cq, timeout)) {
                    cq.ackEvents(1);
                    int res = poll.execute().getPolls();
                    while (res > 0) {
                        for (int i = 0; i < res; i++) {
                            dispatchCqEvent(wcList[i]);
                        }
                        res = poll.execute().getPolls();
                    }
                    // PATCH: DiSNI re-arms before its polls (RdmaCqProcessor.java:120); here it comes after them
                    reqNotify.execute();
                }
            } catch (Exception e) {
                if (!running) {
                    break;
                }
            }
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        running = false;
        super.close();
    }
}
