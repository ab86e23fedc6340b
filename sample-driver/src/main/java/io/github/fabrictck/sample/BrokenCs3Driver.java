package io.github.fabrictck.sample;

/**
 * Driver {@code broken-cs-3}. Known-broken: the server waits for the link response without a timer,
 * and its client through the connection manager wakes only on success events (DiSNI's
 * {@code RdmaEndpoint}); must FAIL CS-3, every variant.
 */
public final class BrokenCs3Driver extends FamilyDriver {

    public BrokenCs3Driver() {
        super("broken-cs-3", null, null, UntimedServerSetup::new);
        withConnectionManager(SuccessOnlyCmClient::new);
    }
}
