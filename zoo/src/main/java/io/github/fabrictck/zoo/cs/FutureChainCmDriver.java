package io.github.fabrictck.zoo.cs;

import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cs.SetupEndpoint;
import io.github.fabrictck.spi.cs.SetupLink;
import io.github.fabrictck.spi.cs.cm.CmEndpoint;
import io.github.fabrictck.spi.cs.cm.CmLink;
import java.util.Set;

/** {@code zoo-cs-cm-future}: connect() is a CompletableFuture chain (resolve address, route, connect) that the event thread completes with each answer; close() interrupts the event thread and joins it. */
public final class FutureChainCmDriver implements Driver {

    @Override
    public String name() {
        return "zoo-cs-cm-future";
    }

    @Override
    public String version() {
        return "1";
    }

    @Override
    public Set<Family> families() {
        return Set.of(Family.CONNECTION_SETUP);
    }

    @Override
    public SetupEndpoint openConnectionSetup(DriverContext context, SetupLink link) {
        return null; // it sets connections up through the connection manager only
    }

    @Override
    public CmEndpoint openCmEndpoint(DriverContext context, CmLink link) {
        return new FutureChainCmClient(context, link, false);
    }
}
