package io.github.fabrictck.sample;

/** Driver {@code broken-cq-2}. Known-broken: ignores the missed-event report of requestNotify; must FAIL CQ-2. */
public final class BrokenCq2Driver extends FamilyDriver {

    public BrokenCq2Driver() {
        super("broken-cq-2", IgnoredMissedEventsEndpoint::new, null, null);
    }
}
