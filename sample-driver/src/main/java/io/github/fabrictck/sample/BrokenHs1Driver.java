package io.github.fabrictck.sample;

/** Driver {@code broken-hs-1}. Known-broken: kfilnd before LU-17839, a hello request marks the peer up to date; must FAIL HS-1. */
public final class BrokenHs1Driver extends FamilyDriver {

    public BrokenHs1Driver() {
        super("broken-hs-1", null, StaleOnRequestHandshake::new, null);
    }
}
