package io.github.fabrictck.zoo.cs;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cs-timer-first}: a server that arms its confirm timer before its first fast-path send; the client waits twice the server's confirm time (the upstream fix). */
public final class TimerFirstDriver extends ZooDriver {

    public TimerFirstDriver() {
        super("zoo-cs-timer-first", connectionSetup((context, link) ->
                new TimerFirstSetup(context, link, TimerFirstSetup.SERVER_CONFIRM.multipliedBy(2))));
    }
}
