package io.github.fabrictck.sample;

/** Driver {@code broken-cq-1}. Known-broken: the BeeGFS lost final send completion; must FAIL CQ-1. */
public final class BrokenCq1Driver extends FamilyDriver {

    public BrokenCq1Driver() {
        super("broken-cq-1", BeeGfsEndpoint::new, null, null);
    }
}
