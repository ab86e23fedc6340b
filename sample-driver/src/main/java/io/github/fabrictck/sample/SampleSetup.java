package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cs.SetupLink;
import java.time.Duration;

/**
 * The compliant connection setup (Linux {@code net/smc} after "avoid data corruption caused by
 * decline", the fix of CVE-2023-52775): the client waits {@code 2 * T_S} for LINK_CONFIRM, waits
 * for the server's word after its LINK_RESPONSE, and the server bounds its wait with T_S.
 *
 * <p>Why twice T_S: the client declines {@code 2 * T_S + T_D} = 5 s after its CONFIRM, the server
 * {@code T_S} = 2 s after it started its confirm timer. The two declines can then only cross when
 * the server starts that timer about 3 s after the client, that is a server later than its own
 * timeout, far outside any realistic phase (the kit sweeps 0 to 2 s). In every other phase the
 * server's DECLINE reaches the client while it still waits, and the client falls back without
 * sending one. With equal timeouts they cross at a phase of about 1 s ({@link EqualTimeoutsSetup}).
 */
class SampleSetup extends Setup {

    SampleSetup(DriverContext context, SetupLink link) {
        super(context, link);
    }

    @Override
    protected Duration clientConfirmTimeout() {
        // the upstream fix: "double the client timeout as 2x of the server value"
        return T_S.multipliedBy(2);
    }

    @Override
    protected boolean clientWaitsForServersWord() {
        // only the server knows whether LINK_RESPONSE arrived; deciding alone may disagree with it
        return true;
    }

    @Override
    protected boolean serverArmsConfirmTimer() {
        // a lost LINK_RESPONSE must not leave both sides waiting forever
        return true;
    }
}
