package io.github.fabrictck.zoo.cs;

import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cs.SetupEndpoint;
import io.github.fabrictck.spi.cs.SetupLink;
import io.github.fabrictck.spi.cs.cm.CmEndpoint;
import io.github.fabrictck.spi.cs.cm.CmLink;
import java.util.Set;

/** {@code zoo-cs-cm-future-broken}: as zoo-cs-cm-future, but an error event completes nothing, so connect() waits for ever; must FAIL CS-3/cm. */
public final class FutureChainCmBrokenDriver implements Driver {

    @Override
    public String name() {
        return "zoo-cs-cm-future-broken";
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
        return new FutureChainCmClient(context, link, true);
    }
}
