package io.github.fabrictck.sample;

/** Driver {@code broken-cq-3}. Known-broken: the brpc re-poll of the send CQ only; must FAIL CQ-3. */
public final class BrokenCq3Driver extends FamilyDriver {

    public BrokenCq3Driver() {
        super("broken-cq-3", SendOnlyRepollEndpoint::new, null, null);
    }
}
