package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-hs-inbox-swap-broken}: as {@code zoo-hs-inbox-swap}, but the hello response reads the inbox before it
 * takes the lock and empties it under the lock: data appended in between is lost. Must FAIL HS-2 (concurrent, A's
 * processing of the response held while the data is processed).
 */
public final class InboxSwapBrokenDriver extends ZooDriver {

    public InboxSwapBrokenDriver() {
        super("zoo-hs-inbox-swap-broken", handshake((context, fabric) -> new InboxSwapHandshake(context, fabric, true)));
    }
}
