package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-hs-inbox-swap}: early data waits in a lock-free inbox (an immutable list swapped by compare-and-set); the
 * hello response marks the peer up under a lock, then takes the inbox whole; an appender that finds the peer up after
 * its append takes the inbox again itself.
 */
public final class InboxSwapDriver extends ZooDriver {

    public InboxSwapDriver() {
        super("zoo-hs-inbox-swap", handshake((context, fabric) -> new InboxSwapHandshake(context, fabric, false)));
    }
}
