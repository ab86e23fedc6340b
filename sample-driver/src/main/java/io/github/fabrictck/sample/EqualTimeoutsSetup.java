package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cs.SetupLink;
import java.time.Duration;

/**
 * {@code broken-cs-1}: Linux {@code net/smc} before "avoid data corruption caused by decline"
 * (CVE-2023-52775; introduced by 0fb0b02bd6fd, "net/smc: adapt SMC client code to use the LLC
 * flow"). The client waits for LINK_CONFIRM only as long as the server waits for LINK_RESPONSE
 * (T_S), then {@code T_D} for the server's DECLINE. When LINK_CONFIRM is lost and the server's
 * timers run about 1 s (T_D) behind the client's, both sides time out together: the two DECLINEs
 * cross, each side has fallen back already, and each application reads the peer's DECLINE as its
 * own data (Redis: "Protocol error, got "\xe2" as reply type byte").
 */
final class EqualTimeoutsSetup extends SampleSetup {

    EqualTimeoutsSetup(DriverContext context, SetupLink link) {
        super(context, link);
    }

    @Override
    protected Duration clientConfirmTimeout() {
        // smc_llc_wait(..., SMC_LLC_WAIT_TIME, SMC_LLC_CONFIRM_LINK): the server's own timeout
        return T_S;
    }
}
