package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-locksupport-broken}: the LockSupport design whose handler, refused once close() has
 * begun, returns without acknowledging its event. The device's destroy waits for that acknowledgement
 * (as {@code ibv_destroy_cq} does), so close() never returns when the device had taken an event for the
 * handler just before it; must FAIL CQ-4 (taken).
 */
public final class LockSupportBrokenDriver extends ZooDriver {

    public LockSupportBrokenDriver() {
        super("zoo-cq-locksupport-broken", completionQueue((context, queuePair) ->
                new LockSupportEndpoint(queuePair, new EventLedger() {
                    @Override
                    void refused(CompletionQueue cq) {
                        // the event is dropped unacknowledged: the bug
                    }
                })));
    }
}
