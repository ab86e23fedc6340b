package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-inflight-recheck-broken}: the handler counts itself out once done with the queues, looks at the
 * closed mark once more and then hands its batch to the application's callback, which close() does not wait for.
 * Broken: a completion reaches the callback after close() returned when close() marks the endpoint closed between
 * the handler's second look and its callback.
 *
 * <p>Nothing the kit can stop a thread at lies between the second look (a volatile read) and the call of
 * {@code CompletionConsumer.accept}: the window holds the handler at that call, {@code close()} returns, and the
 * hold for a callback after {@code close()} returned, which the window places then, catches the released handler at
 * the same call (a hold placed while a thread is held at a point looks at that point too).
 */
public final class InFlightRecheckBrokenDriver extends ZooDriver {

    public InFlightRecheckBrokenDriver() {
        super("zoo-cq-inflight-recheck-broken",
                completionQueue((context, queuePair) -> new RecheckedHandOverEndpoint(queuePair)));
    }
}
