package io.github.fabrictck.zoo.cs;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cs-cm-future}: connect() is a CompletableFuture chain (resolve address, route, connect) that the event thread completes with each answer; close() interrupts the event thread and joins it. */
public final class FutureChainCmDriver extends ZooDriver {

    public FutureChainCmDriver() {
        super("zoo-cs-cm-future", connectionManager((context, link) -> new FutureChainCmClient(context, link, false)));
    }
}
