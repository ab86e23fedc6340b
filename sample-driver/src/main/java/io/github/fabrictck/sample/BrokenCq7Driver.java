package io.github.fabrictck.sample;

/**
 * Driver {@code broken-cq-7}. Known-broken: DiSNI's {@code RdmaCqProcessor.close()}, a flag and a
 * join of the event loop, which waits for an event that never comes; must FAIL CQ-7.
 */
public final class BrokenCq7Driver extends FamilyDriver {

    public BrokenCq7Driver() {
        super("broken-cq-7", (context, queuePair) -> new EventLoopEndpoint(context, queuePair, false), null, null, true);
    }
}
