package io.github.fabrictck.sample;

/** Driver {@code broken-cs-3}. Known-broken: the server waits for the link response without a timer; must FAIL CS-3. */
public final class BrokenCs3Driver extends FamilyDriver {

    public BrokenCs3Driver() {
        super("broken-cs-3", null, null, UntimedServerSetup::new);
    }
}
