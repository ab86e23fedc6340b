package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-missed-events-broken}: the handler re-arms with requestNotify(true) and ignores the answer; must FAIL CQ-2. */
public final class MissedEventsBrokenDriver extends ZooDriver {

    public MissedEventsBrokenDriver() {
        super("zoo-cq-missed-events-broken", completionQueue((context, queuePair) -> new IgnoredAnswerEndpoint(queuePair)));
    }
}
