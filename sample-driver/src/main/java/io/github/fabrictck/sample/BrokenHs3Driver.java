package io.github.fabrictck.sample;

/**
 * Driver {@code broken-hs-3}. Known-broken: Lustre LU-17838, a hello timeout per queued message, so
 * two messages to a new peer time out at the same instant and send two hello requests; must FAIL
 * HS-3.
 */
public final class BrokenHs3Driver extends FamilyDriver {

    public BrokenHs3Driver() {
        super("broken-hs-3", null, TimerPerSendHandshake::new, null);
    }
}
