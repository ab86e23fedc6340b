package io.github.fabrictck.zoo.cs;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cs-timer-first-broken}: a server that arms its confirm timer before its first fast-path send, with equal confirm timeouts on both sides (the 2 s tie of CVE-2023-52775); must FAIL CS-1. */
public final class TimerFirstBrokenDriver extends ZooDriver {

    public TimerFirstBrokenDriver() {
        super("zoo-cs-timer-first-broken", connectionSetup((context, link) ->
                new TimerFirstSetup(context, link, TimerFirstSetup.SERVER_CONFIRM)));
    }
}
