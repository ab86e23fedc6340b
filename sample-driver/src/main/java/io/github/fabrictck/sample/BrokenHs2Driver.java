package io.github.fabrictck.sample;

/** Driver {@code broken-hs-2}. Known-broken: the LU-17839 fix without the LU-19474 deferral; must FAIL HS-2. */
public final class BrokenHs2Driver extends FamilyDriver {

    public BrokenHs2Driver() {
        super("broken-hs-2", null, NoDeferralHandshake::new, null);
    }
}
