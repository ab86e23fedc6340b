package io.github.fabrictck.sample;

/** Driver {@code broken-cs-2}. Known-broken: the client ends on the fast path without the server's word; must FAIL CS-2. */
public final class BrokenCs2Driver extends FamilyDriver {

    public BrokenCs2Driver() {
        super("broken-cs-2", null, null, ClientDecidesAloneSetup::new);
    }
}
