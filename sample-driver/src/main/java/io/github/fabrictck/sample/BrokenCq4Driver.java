package io.github.fabrictck.sample;

/** Driver {@code broken-cq-4}. Known-broken: the RDS close without quiesce; must FAIL CQ-4. */
public final class BrokenCq4Driver extends FamilyDriver {

    public BrokenCq4Driver() {
        super("broken-cq-4", UnquiescedCloseEndpoint::new, null, null);
    }
}
