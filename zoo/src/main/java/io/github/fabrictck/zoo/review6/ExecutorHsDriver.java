package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review6-hs-executor}: kfilnd exchange whose work all runs on DriverContext.scheduler().execute; everything synchronized; one hello timer per peer. */
public final class ExecutorHsDriver extends ZooDriver {

    public ExecutorHsDriver() {
        super("review6-hs-executor", handshake((context, x) -> new ExecutorHandshake(context, x, false, false)));
    }
}
