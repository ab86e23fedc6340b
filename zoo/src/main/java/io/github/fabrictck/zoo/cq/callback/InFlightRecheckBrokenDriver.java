package io.github.fabrictck.zoo.cq.callback;

import io.github.fabrictck.zoo.ZooDriver;

/**
 * {@code zoo-cq-inflight-recheck-broken}: the handler counts itself out once done with the queues, looks at the
 * closed mark once more and then hands its batch to the application's callback, which close() does not wait for.
 * Broken: a completion reaches the callback after close() returned when close() marks the endpoint closed between
 * the handler's second look and its callback.
 *
 * <p>Held out of the zoo: not registered in {@code META-INF/services}, so not in {@code matrix.txt}, because the kit
 * PASSes it on CQ-9. Nothing the kit can stop a thread at lies between the second look (a volatile read) and the
 * call of {@code CompletionConsumer.accept}, so the only placement inside the window is that call itself; the
 * window holds the handler there, {@code close()} returns, and the released handler calls the callback, but the
 * window's hold for a callback after {@code close()} returned is placed after the handler was stopped at that
 * point, and {@code engine.WindowRun.hit} looks only at the holds there were when the thread reached it (it
 * iterates a snapshot of its {@code CopyOnWriteArrayList}). With any point between the look and the callback (a
 * {@code Thread.onSpinWait()}, tried by hand) the kit FAILs it. Register it with a {@code CQ-9 FAIL} line once the
 * kit catches that call.
 */
public final class InFlightRecheckBrokenDriver extends ZooDriver {

    public InFlightRecheckBrokenDriver() {
        super("zoo-cq-inflight-recheck-broken",
                completionQueue((context, queuePair) -> new RecheckedHandOverEndpoint(queuePair)));
    }
}
