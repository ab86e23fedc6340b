package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review6-hs-executor-broken}: as review6-hs-executor, but one hello timer per queued message (LU-17838): must FAIL HS-3. */
public final class ExecutorHsBrokenDriver extends ZooDriver {

    public ExecutorHsBrokenDriver() {
        super("review6-hs-executor-broken", handshake((context, x) -> new ExecutorHandshake(context, x, true, false)));
    }
}
