package io.github.fabrictck.sample;

/**
 * Driver {@code broken-cq-8}. Known-broken: its {@code close()} leaves the queue pair's destroy to
 * the next completion event, which never comes, so the queue pair leaks
 * ({@link DeferredTeardownEndpoint}); must FAIL CQ-8.
 */
public final class BrokenCq8Driver extends FamilyDriver {

    public BrokenCq8Driver() {
        super("broken-cq-8", DeferredTeardownEndpoint::new, null, null);
    }
}
