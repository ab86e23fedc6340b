package io.github.fabrictck.windows;

import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.explore.World;
import io.github.fabrictck.sim.CompletionChannel;
import io.github.fabrictck.sim.SimulatedDevice;
import io.github.fabrictck.spi.Family;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CQ-8 teardown order.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>The kit knows what a driver was given and created: the queue pair of the SPI, and through an
 * adapter the completion channels and CQs of the device's verbs model ({@code sim.CompletionChannel}).
 * A driver of the SPI alone destroys only its queue pair; the window judges that it does.
 */
@Tag("CQ-8")
@RaceWindow(id = "CQ-8", title = "teardown order", family = Family.COMPLETION_QUEUE,
        source = "https://github.com/zrlio/disni/blob/master/src/main/java/com/ibm/disni/RdmaCqProvider.java",
        bug = "DiSNI RdmaCqProvider.close() destroys the completion channel before the CQ attached to it; "
                + "ibv_destroy_comp_channel fails with EBUSY, DiSNI ignores the failure and leaks the channel.",
        interleaving = {
            "one send completes and the driver handles it: everything it created is in use",
            "every driver thread settles; the application calls close()",
            "close() destroys the completion channel while its CQ is still attached: EBUSY",
            "close() ignores the failure, destroys the CQ and returns: the channel is never destroyed"},
        invariants = {CQ8TeardownOrder.IN_ORDER, CQ8TeardownOrder.NOTHING_LEFT, CqWindow.RULES},
        onFailure = "Check the order of close(): stop what uses a resource, then destroy in the reverse order of "
                + "creation (queue pairs, CQs, then the completion channel they are attached to), and check what "
                + "each destroy returns: a failed destroy is a leak.")
class CQ8TeardownOrder {

    static final String IN_ORDER = "no completion channel is destroyed while a CQ is attached to it, and a destroy "
            + "that fails is not ignored";
    static final String NOTHING_LEFT = "after close() returns, every queue pair, CQ and completion channel the driver "
            + "was given or created is destroyed";

    @Test
    void closeDestroysInOrder(CqWindow w) {
        w.send(1);
        w.device().completeNextSend();
        w.judgeReturns(CQ1LostFinalCompletion.AWAIT_RETURNS, w.startAwaitSendsComplete(), true);
        w.trial().settleOrSpin();
        WindowRun run = w.run();
        List<CompletionChannel<?>> channels = CompletionChannel.createdIn(run);
        StringBuilder live = new StringBuilder("the queue pair");
        for (CompletionChannel<?> c : channels) {
            live.append(", ").append(c).append(" (").append(c.attached().size()).append(" CQ(s) attached)");
        }
        CompletableFuture<Void> close = w.startClose();
        run.opened("close() was called with " + live + " live, every driver thread settled after one send completed");
        awaitClosed(w, close);
        w.trial().settleOrSpin();
        w.closedByScript();

        Optional<World.Failure> breach = judgeTeardown(channels, w.device());
        if (breach.isPresent()) {
            throw new InvariantViolation(breach.get().invariant(), breach.get().details());
        }
        w.judgeRules();
        run.trace().add("kit", "close() destroyed " + live + (w.device().destroyedAt() == null ? ""
                : " (the queue pair at " + w.device().destroyedAt() + ")"), null);
    }

    /**
     * What {@code close()} left, judged once it returned: channels destroyed out of order or failures
     * ignored, then anything left undestroyed; CQ-X judges its schedules' ends with it too.
     *
     * @param channels the completion channels the driver created
     * @param device   the device whose queue pair the driver was given
     */
    static Optional<World.Failure> judgeTeardown(List<CompletionChannel<?>> channels, SimulatedDevice device) {
        List<String> order = new ArrayList<>();
        List<String> left = new ArrayList<>();
        List<String> misuse = new ArrayList<>();
        for (CompletionChannel<?> c : channels) {
            for (String refusal : c.refusals()) {
                order.add(refusal + (c.cqsDestroyed().isEmpty() ? "" : "; then " + String.join(", ", c.cqsDestroyed()))
                        + (c.destroyed() ? "; the channel was destroyed later" : "; close() ignored the failure and "
                        + "returned with " + c + " never destroyed (leaked)"));
            }
            if (!c.destroyed() && c.refusals().isEmpty()) {
                left.add(c + " was never destroyed");
            }
            for (Object cq : c.attached()) {
                left.add(cq + " (on " + c + ") was never destroyed");
            }
            misuse.addAll(c.misuse());
        }
        if (!device.destroyed()) {
            left.add(0, "QueuePair.destroy() was never called: the queue pair and its CQs are leaked");
        }
        if (!order.isEmpty()) {
            return Optional.of(new World.Failure(IN_ORDER, String.join("; ", order)
                    + (left.isEmpty() ? "" : "; also: " + String.join("; ", left))));
        }
        if (!left.isEmpty()) {
            return Optional.of(new World.Failure(NOTHING_LEFT, "close() returned and " + String.join("; ", left)));
        }
        if (!misuse.isEmpty()) {
            return Optional.of(new World.Failure(CqWindow.RULES, String.join("; ", misuse)));
        }
        return Optional.empty();
    }

    /**
     * Waits for {@code close()}, letting the device's time pass when every driver thread is idle (a
     * close that joins a thread in a timed {@code getCqEvent} returns then). A close that cannot
     * return leaves nothing to judge here: CQ-7 judges it.
     */
    private static void awaitClosed(CqWindow w, CompletableFuture<Void> close) {
        WindowRun run = w.run();
        CloseWait.within(run, w.session().bound()).untilOrThrow(close, end -> new WindowNotOpened(
                (end == CloseWait.End.CANNOT_RETURN ? "close() has not returned and cannot (every driver thread is idle "
                        + "and no timeout of the device is pending)"
                        : "close() did not return within " + w.session().bound().toMillis() + " ms")
                        + ", so what it destroys cannot be judged; CQ-7 judges that close() returns: "
                        + run.whereThreadsAre()));
        try {
            close.join();
        } catch (RuntimeException e) {
            // a close that reports a failed destroy by throwing has not ignored it: judge what it left
            run.trace().add("kit", "close() threw " + e.getCause(), null);
        }
    }
}
