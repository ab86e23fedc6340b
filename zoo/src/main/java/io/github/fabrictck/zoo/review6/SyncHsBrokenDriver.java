package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code review6-hs-sync-broken}: as review6-hs-sync, but one hello timer per queued message (LU-17838): must FAIL HS-3. */
public final class SyncHsBrokenDriver extends ZooDriver {

    public SyncHsBrokenDriver() {
        super("review6-hs-sync-broken", handshake((context, x) -> new ExecutorHandshake(context, x, true, true)));
    }
}
