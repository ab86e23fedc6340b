package io.github.fabrictck.sample;

/** Driver {@code broken-cs-1}. Known-broken: SMC-R before the CVE-2023-52775 fix, equal confirm timeouts let the declines cross; must FAIL CS-1. */
public final class BrokenCs1Driver extends FamilyDriver {

    public BrokenCs1Driver() {
        super("broken-cs-1", null, null, EqualTimeoutsSetup::new);
    }
}
