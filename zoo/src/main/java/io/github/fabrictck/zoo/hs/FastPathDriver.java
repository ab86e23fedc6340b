package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-hs-fast-path}: messages handled on the receive thread that brought them; a DATA from a peer seen up without
 * the lock is delivered at once, otherwise the state is looked at again under the endpoint's lock and the data kept for
 * the step that makes the peer up.
 */
public final class FastPathDriver extends ZooDriver {

    public FastPathDriver() {
        super("zoo-hs-fast-path", handshake((context, fabric) -> new FastPathHandshake(context, fabric, false)));
    }
}
