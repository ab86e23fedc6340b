package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.zoo.ZooDriver;

/** kfilnd-style exchange with no hello timer: an expired hello request is retried lazily, on the endpoint's next send or receive. */
public final class LazyTimeoutDriver extends ZooDriver {

    public LazyTimeoutDriver() {
        super("zoo-hs-lazy-timeout", handshake(LazyTimeout::new));
    }
}
