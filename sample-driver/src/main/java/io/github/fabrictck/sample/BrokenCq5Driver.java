package io.github.fabrictck.sample;

/**
 * Driver {@code broken-cq-5}. Known-broken: DiSNI's {@code RdmaCqProcessor.run}, which loses the
 * rest of a polled batch when the application's callback throws ({@link BatchDispatchEndpoint});
 * must FAIL CQ-5.
 */
public final class BrokenCq5Driver extends FamilyDriver {

    public BrokenCq5Driver() {
        super("broken-cq-5", BatchDispatchEndpoint::new, null, null);
    }
}
