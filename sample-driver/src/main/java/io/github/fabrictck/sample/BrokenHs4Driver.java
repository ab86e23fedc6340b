package io.github.fabrictck.sample;

/**
 * Driver {@code broken-hs-4}. Known-broken: ko2iblnd without LU-7646 (and without "higher NID
 * wins"), both sides reject a connection race and retry in lock-step forever; must FAIL HS-4.
 */
public final class BrokenHs4Driver extends FamilyDriver {

    public BrokenHs4Driver() {
        super("broken-hs-4", null, RejectOnRaceHandshake::new, null);
    }
}
