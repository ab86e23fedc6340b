package io.github.fabrictck.zoo.cs;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cs-cm-future-broken}: as zoo-cs-cm-future, but an error event completes nothing, so connect() waits for ever; must FAIL CS-3/cm. */
public final class FutureChainCmBrokenDriver extends ZooDriver {

    public FutureChainCmBrokenDriver() {
        super("zoo-cs-cm-future-broken", connectionManager((context, link) -> new FutureChainCmClient(context, link, true)));
    }
}
