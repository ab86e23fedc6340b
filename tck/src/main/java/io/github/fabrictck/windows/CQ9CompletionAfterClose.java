package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.Point;
import io.github.fabrictck.engine.PointMatcher;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.sim.SimulatedDevice;
import io.github.fabrictck.spi.Family;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CQ-9 completion after close.
 *
 * <p>The window finds its points with {@link CqSearch}: a first run with no hold records every point
 * the driver's threads other than the application pass while one incoming message is handed to the
 * application's callback; then each point is tried in a fresh run, one thread held there while the
 * others settle. If the message has not reached the application yet, the application calls
 * {@code close()} and the kit waits until it returned or settled waiting; then the held thread is
 * released. From the moment {@code close()} returned, any driver thread that calls the application's
 * callback is stopped at that call, which is the FAIL, named with the thread and its source line.
 *
 * <p>A driver without a completion callback is NOT_APPLICABLE (CQ-5's sentence, with CQ-9's consequence).
 * A {@code close()} that never returns is ERROR here: CQ-7 judges it.
 */
@Tag("CQ-9")
@RaceWindow(id = "CQ-9", title = "completion after close", family = Family.COMPLETION_QUEUE,
        source = "https://github.com/torvalds/linux/blob/master/net/rds/ib_cm.c",
        bug = "Linux RDS, \"RDS: IB: fix panic due to handlers running post teardown\": the CQ tasklets "
                + "(rds_ib_tasklet_fn_send/recv) could still run after the connection's shutdown and handle completions "
                + "of a CQ it had torn down; rds_ib_conn_path_shutdown kills the tasklets (tasklet_kill waits for one "
                + "running) and sets i_cq_quiesce, which the tasklets check before they poll.",
        interleaving = {
            "the application gives the driver its completion callback (consumeWith)",
            "a message arrives; the driver thread that will hand it to the application (RDS: the receive tasklet) is "
                    + "on its way from the event to the callback",
            "the application calls close() (RDS: rds_ib_conn_path_shutdown), which marks the endpoint closed",
            "close() returns without waiting for that thread, which has already looked at the mark",
            "the thread goes on and hands the message to the application, whose endpoint is closed (RDS: a handler "
                    + "running post teardown)"},
        invariants = {CQ9CompletionAfterClose.NOTHING_AFTER},
        onFailure = "Check that close() quiesces every thread that hands completions to the application: mark the "
                + "endpoint closed, then wait until no such thread is between its poll and the callback (join it, or "
                + "count handlers in flight under the lock close() takes) before returning; or re-check the mark under "
                + "the lock close() takes and call the application inside it.")
class CQ9CompletionAfterClose {

    static final String NOTHING_AFTER = "no completion reaches the application after close() returned";

    @Test
    void closeWhileAMessageIsHandedOver(CqWindow w) {
        new CqSearch(w, "a completion handed to the application after close()")
                .scenario("one message arrives, hold a driver thread on its way to the callback, close()",
                        () -> new CloseMidHandover(w), t -> !t.equals(CQ1LostFinalCompletion.APP))
                .conclude();
    }

    /** One message arrives; with a driver thread held, the application closes the endpoint. */
    private static final class CloseMidHandover extends CqSearch.Plan {
        private final CqWindow w;
        private SimulatedDevice.Consumer consumer;
        private volatile boolean closeReturned;
        private boolean returnedWhileHeld;
        private CompletableFuture<Void> close;
        private Hold afterClose;

        CloseMidHandover(CqWindow w) {
            this.w = w;
        }

        @Override
        void prepare(CqTrial t) {
            consumer = t.device().consumer(0);
            if (!t.call("consumeWith", () -> t.driver().consumeWith(consumer))) {
                Assumptions.abort(CQ5ConsumerFailure.noCallback(
                        "no driver thread hands the application a completion that close() would have to wait for"));
            }
            t.settleOrSpin();
        }

        @Override
        void drive(CqTrial t) {
            t.device().deliverIncoming("message 1".getBytes());
        }

        @Override
        String land(CqTrial t) {
            if (consumer.given() > 0) {
                return "the message reached the application's callback before close() was called";
            }
            // also where the placement holds a thread now: held at the callback call itself, it makes that call after
            // close() returned once released
            afterClose = t.holdAlsoWhereHeld("a driver thread calling the application's callback after close() returned",
                    PointMatcher.of("before a call of CompletionConsumer.accept once close() returned",
                            (th, p, isAfter, args, result) -> closeReturned && !isAfter
                                    && p.kind() == Point.Kind.ENVIRONMENT_CALL
                                    && p.target().equals("CompletionConsumer.accept")));
            close = t.start("close", () -> {
                try {
                    t.driver().close();
                } finally {
                    closeReturned = true;
                }
                return null;
            });
            t.settleOrSpin();
            returnedWhileHeld = close.isDone();
            return null;
        }

        @Override
        String landed() {
            return "close() was called, and " + (returnedWhileHeld ? "returned" : "waited")
                    + ", before the message that had arrived reached the application";
        }

        @Override
        void judge(CqTrial t) {
            // the held thread was released: close() returns now if it waited for it (device time passing as needed)
            CloseWait.within(w.run(), w.session().bound()).untilOrThrow(close, end -> new WindowNotOpened(
                    "close() did not return once the held thread was released, so what reaches the application "
                            + "after it cannot be judged; CQ-7 judges that close() returns: " + w.run().whereThreadsAre()));
            t.settleOrSpin();
            boolean late = afterClose.isReached();
            String who = late ? afterClose.thread().getName() + " called the application's callback at "
                    + afterClose.point().at() + " after close() returned" : null;
            t.closedByScript();
            if (late) {
                throw new InvariantViolation(NOTHING_AFTER, who + (returnedWhileHeld ? "; close() had returned while "
                        + "a driver thread was still on its way with the message, without waiting for it" : ""));
            }
        }
    }
}
