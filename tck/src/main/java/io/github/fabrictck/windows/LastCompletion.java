package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.Point;
import io.github.fabrictck.engine.PointMatcher;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;

/**
 * The scenarios of the lost-completion windows (CQ-1, CQ-2, CQ-3): what the application and the
 * device do, and the completion that lands at the moment {@link CqSearch} forces.
 */
final class LastCompletion {

    private LastCompletion() {
    }

    /** Whether the waiter or the first completion comes first. */
    enum Order {
        /** Completion X lands (an event fires) before the application starts waiting: BeeGFS's order. */
        COMPLETION_FIRST,
        /** The application is already blocked waiting when X lands: libfabric #796's order. */
        WAITER_FIRST
    }

    /**
     * Two sends; X completes, the application waits for both, and the last send Y completes at the
     * forced moment: plainly, or inside the driver's next re-arm of the send CQ (CQ-2).
     */
    static final class LastSend extends CqSearch.Plan {
        private final Order order;
        private final boolean insideRearm;
        private final boolean holdOthersRearm;
        private CompletableFuture<Boolean> waiter;
        private Hold othersRearm;

        LastSend(Order order, boolean insideRearm) {
            this(order, insideRearm, false);
        }

        /**
         * @param holdOthersRearm also hold the first thread other than the application that re-arms the
         *                        send CQ, until the application has settled after its own release: the
         *                        waiter's placements then see the CQ unarmed, as in a handler that re-arms late
         */
        LastSend(Order order, boolean insideRearm, boolean holdOthersRearm) {
            this.order = order;
            this.insideRearm = insideRearm;
            this.holdOthersRearm = holdOthersRearm;
        }

        @Override
        void prepare(CqTrial t) {
            t.send(2);
        }

        @Override
        void drive(CqTrial t) {
            if (holdOthersRearm) {
                Thread app = t.appThread();
                othersRearm = t.hold("a thread other than the waiter before it re-arms the send CQ",
                        PointMatcher.of("before a re-arm of the send CQ by a thread other than the waiter",
                                (th, p, isAfter, args, result) -> th != app && !isAfter
                                        && p.kind() == Point.Kind.ENVIRONMENT_CALL && args.length > 0
                                        && (p.target().equals("CompletionQueue.requestNotify") && args[0] == t.sendQueue()
                                        // a library's re-arm through its adapter's boundary (its CQ covers the send CQ)
                                        || io.github.fabrictck.engine.Libraries.isRearm(args[0]))));
            }
            if (order == Order.COMPLETION_FIRST) {
                t.device().completeNextSend();
                t.settleOrSpin();
                waiter = t.startAwaitSendsComplete();
            } else {
                waiter = t.startAwaitSendsComplete();
                t.settleOrSpin();
                t.device().completeNextSend();
            }
        }

        @Override
        String land(CqTrial t) {
            returnedEarly(waiter, "before the last send completed");
            if (insideRearm) {
                t.device().atNextArm(t.sendQueue(), t.device()::completeNextSend);
                return null;
            }
            return t.device().completeNextSend()
                    ? "the send CQ was armed whenever the last send could complete, so an event announced it" : null;
        }

        @Override
        boolean landsAnyway() {
            return true; // the last send completed, announced by an event
        }

        @Override
        String landed() {
            return insideRearm ? "the last send was set to complete inside the next re-arm of the send CQ, after its "
                    + "last poll and before the arm (requestNotify(true) answers 1)"
                    : "the last send completed with the send CQ unarmed";
        }

        @Override
        void judge(CqTrial t) {
            if (othersRearm != null) {
                // the waiter goes on first, as far as it goes; then the thread that re-arms
                stalls().addAll(t.settle().stalled());
                othersRearm.release();
            }
            if (insideRearm) {
                t.settleOrSpin();
                if (t.device().injectedArms(t.sendQueue()) == 0) {
                    throw new CqSearch.NotReachable("no thread re-arms the send CQ after that point");
                }
            }
            t.judgeEveryCompletionConsumed();
            t.judgeReturns(CQ1LostFinalCompletion.AWAIT_RETURNS, waiter, true);
            t.judgeRules();
        }
    }

    /**
     * One send; the application starts waiting for it, and its completion lands and is handled while
     * the application is stopped on its way from its check to its wait: a lost signal inside the
     * driver's own condition logic shows here.
     */
    static final class LostSignal extends CqSearch.Plan {
        private CompletableFuture<Boolean> waiter;

        @Override
        void prepare(CqTrial t) {
            t.send(1);
        }

        @Override
        void drive(CqTrial t) {
            waiter = t.startAwaitSendsComplete();
        }

        @Override
        String land(CqTrial t) {
            returnedEarly(waiter, "before its send completed");
            t.device().completeNextSend();
            stalls().addAll(t.settle().stalled());
            return null;
        }

        @Override
        String landed() {
            return "the only send completed and the driver handled it";
        }

        @Override
        void judge(CqTrial t) {
            t.judgeEveryCompletionConsumed();
            t.judgeReturns(CQ1LostFinalCompletion.AWAIT_RETURNS, waiter, true);
            t.judgeRules();
        }
    }

    /**
     * Message R1 arrives; the application receives it and waits for the next, and R2 arrives at the
     * forced moment. When the held thread still has R1 (a driver that re-arms before it polls), R2
     * lands while the application still waits for R1, and it then receives both, in order.
     */
    static final class SecondMessage extends CqSearch.Plan {
        private CompletableFuture<byte[]> first;
        private CompletableFuture<byte[]> second;

        @Override
        void drive(CqTrial t) {
            t.device().deliverIncoming("R1".getBytes());
            t.settleOrSpin();
            first = t.startReceive();
            t.settleOrSpin();
            // R1 is judged unless the hold catches a thread first, even one that reaches it late: the held thread
            // then has R1, and R2 lands while the application waits for it
            if (!first.isDone() && (t.anyHeld()
                    || !t.judgeReturnsUnlessHeld(CQ3StrandedSecondQueue.RECEIVED, first.thenApply(LastCompletion::text), "R1"))) {
                return;
            }
            expectR1(first);
            second = t.startReceive();
        }

        @Override
        String land(CqTrial t) {
            if (second != null && second.isDone()) {
                throw new InvariantViolation(CQ3StrandedSecondQueue.RECEIVED, "receive returned "
                        + text(second.getNow(null)) + " before message R2 arrived");
            }
            return t.device().deliverIncoming("R2".getBytes())
                    ? "the receive CQ was armed whenever R2 could arrive, so an event announced it" : null;
        }

        @Override
        boolean landsAnyway() {
            return true; // R2 arrived, announced by an event
        }

        @Override
        String landed() {
            return "message R2 arrived with the receive CQ unarmed" + (second == null ? " (R1 not yet received)" : "");
        }

        @Override
        void judge(CqTrial t) {
            if (second == null) {
                t.settleOrSpin();
                if (first.isDone() && !first.isCompletedExceptionally() && "R2".equals(text(first.join()))) {
                    throw new InvariantViolation(CQ3StrandedSecondQueue.RECEIVED, "the first receive returned R2, though "
                            + "R1 arrived first: the driver handed the messages to the application out of the order "
                            + "they arrived in");
                }
                t.judgeReturns(CQ3StrandedSecondQueue.RECEIVED, first.thenApply(LastCompletion::text), "R1");
                second = t.startReceive();
            }
            t.judgeEveryCompletionConsumed();
            t.judgeReturns(CQ3StrandedSecondQueue.RECEIVED, second.thenApply(LastCompletion::text), "R2");
            t.judgeRules();
        }

        private static void expectR1(CompletableFuture<byte[]> first) {
            String got = text(first.join());
            if (!got.equals("R1")) {
                throw new InvariantViolation(CQ3StrandedSecondQueue.RECEIVED, "the first receive returned " + got
                        + " instead of R1");
            }
        }
    }

    static String text(byte[] b) {
        return b == null ? "nothing" : Arrays.toString(b).equals("[]") ? "an empty message" : new String(b);
    }

    /** An application call that returned before the completion it waits for: a broken invariant. */
    private static void returnedEarly(CompletableFuture<Boolean> waiter, String when) {
        if (waiter.isDone()) {
            String value = waiter.handle((v, e) -> e == null ? String.valueOf(v) : "by throwing " + e).join();
            throw new InvariantViolation(CQ1LostFinalCompletion.AWAIT_RETURNS, "awaitSendsComplete returned " + value
                    + " " + when);
        }
    }
}
