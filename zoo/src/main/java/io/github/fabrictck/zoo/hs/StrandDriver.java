package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-hs-strand}: each peer's state is owned by its own single-thread {@code ThreadPoolExecutor} (a worker of the
 * context's factory); send, receive and the peer's one hello timer only submit steps to it, and nothing is locked.
 */
public final class StrandDriver extends ZooDriver {

    public StrandDriver() {
        super("zoo-hs-strand", handshake((context, fabric) -> new StrandHandshake(context, fabric, false)));
    }
}
