package io.github.fabrictck.windows;

import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.sim.SharedQueueDevice;
import io.github.fabrictck.sim.SimulatedDevice;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cq.Completion;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CQ-6 error completions reach the endpoint that owns their queue pair.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>The interleaving, forced by the device's script with every driver thread settled between
 * steps (no hold and no sleep: each step waits until the kit sees the driver idle):
 * <ol>
 *   <li>two endpoints connect on queue pairs A and B of one shared CQ; A posts three sends, B two;</li>
 *   <li>two of A's sends complete: the driver takes them and hands them to A's endpoint;</li>
 *   <li>B's peer disconnects: B's queue pair enters the error state and its two outstanding sends
 *       are flushed (WR_FLUSH_ERR, carrying only id, status and B's number), queued together with
 *       A's third completion behind them;</li>
 *   <li>the driver takes the batch; a driver that reads the queue pair of a success only, into a
 *       slot it reuses, routes B's flush errors by A's number, to A's endpoint.</li>
 * </ol>
 *
 * <p>A driver that never shares a completion queue between queue pairs
 * ({@code Driver.openSharedCompletionQueue} returns {@code null}) cannot route a completion to the
 * wrong endpoint: the window is not applicable to it.
 */
@Tag("CQ-6")
@RaceWindow(id = "CQ-6", title = "error completions reach their queue pair's endpoint",
        family = Family.COMPLETION_QUEUE,
        source = "https://github.com/zrlio/disni/blob/master/src/main/java/com/ibm/disni/verbs/impl/NatPollCqCall.java",
        bug = "DiSNI NatPollCqCall.update reads qp_num only for successful completions; its IbvWC slots are reused "
                + "and the CQ is shared by every QP of the device, so one endpoint's flush errors at disconnect are "
                + "routed by a stale QP number to another endpoint.",
        interleaving = {
            "two endpoints connect on queue pairs A and B of one shared CQ; A posts three sends, B two",
            "two of A's sends complete: the driver takes them and hands them to A's endpoint",
            "B's peer disconnects: B's queue pair enters the error state and its two outstanding sends are flushed "
                    + "(WR_FLUSH_ERR, carrying only id, status and B's number), queued with A's third completion behind",
            "the driver takes the batch; one that reads the queue pair of a success only, into a reused slot, routes "
                    + "B's flush errors by A's number, to A's endpoint"},
        invariants = {CQ6ErrorCompletionRouting.OWNER, CqWindow.CONSUMED, CqWindow.NOT_STUCK, CqWindow.RULES},
        onFailure = "Check how a polled completion's queue pair is read and looked up: read qp_num (with wr_id and "
                + "status) for every completion, error or not, and nothing else of an error completion; never keep a "
                + "field of an earlier completion in a reused slot.")
class CQ6ErrorCompletionRouting {

    static final String OWNER = "each completion, successful or not, is handed to the endpoint of the queue pair it "
            + "belongs to, exactly once, and to no other endpoint";
    /** Queue pair numbers as a device gives them: neither 0 nor 1, so no default value of a slot passes for one. */
    static final int QP_A = 0x11;
    static final int QP_B = 0x12;

    @Test
    void flushErrorsOnSharedQueue(SharedCqWindow w) {
        w.open();
        SharedCqWindow.Endpoint a = w.connect(QP_A);
        SharedCqWindow.Endpoint b = w.connect(QP_B);
        w.settle();
        w.send(a, 3);
        w.send(b, 2);
        w.settle();
        SharedQueueDevice device = w.device();

        device.enqueue(device.complete(a.queuePair(), 2));
        w.judgeEveryCompletionConsumed();
        w.settle();
        int takenOfA = device.taken().size();
        if (takenOfA == 0) {
            throw new WindowNotOpened("the driver took none of QP " + QP_A + "'s completions");
        }

        List<Completion> batch = new ArrayList<>(device.enterErrorState(b.queuePair()));
        int flushed = batch.size();
        batch.addAll(device.complete(a.queuePair(), 1));
        device.enqueue(batch);
        w.judgeEveryCompletionConsumed();
        w.settle();
        w.run().opened("QP " + QP_B + " entered the error state with " + flushed + " send(s) outstanding; their "
                + "WR_FLUSH_ERR completions were queued on the shared CQ, with a completion of QP " + QP_A + " behind "
                + "them, after the driver had taken " + takenOfA + " completion(s) of QP " + QP_A + ", and it took them");

        List<String> wrong = judgeOwners(device, List.of(a, b));
        if (!wrong.isEmpty()) {
            throw new InvariantViolation(OWNER, String.join("; ", wrong));
        }
        w.judgeRules();
    }

    /** Matches what each endpoint was given to what the driver took; the breaches, in words. */
    static List<String> judgeOwners(SharedQueueDevice device, List<SharedCqWindow.Endpoint> endpoints) {
        List<SimulatedDevice.Taken> unmatched = new ArrayList<>(device.taken());
        List<String> wrong = new ArrayList<>();
        for (SharedCqWindow.Endpoint e : endpoints) {
            int owner = e.consumer().owner();
            for (SharedQueueDevice.Given g : e.consumer().given()) {
                SimulatedDevice.Taken t = take(unmatched, g.completion(), owner);
                if (t == null) {
                    t = take(unmatched, g.completion(), null);
                    if (t == null) {
                        wrong.add("the endpoint of QP " + owner + " was given " + SharedQueueDevice.describe(g.completion())
                                + " once more than the driver took it" + at(g));
                        continue;
                    }
                    String notes = String.join("; ", device.notes(t.completion()));
                    wrong.add(SharedQueueDevice.describe(t.completion()) + " was handed to the endpoint of QP " + owner
                            + at(g) + (notes.isEmpty() ? "" : "; " + notes));
                }
            }
        }
        for (SimulatedDevice.Taken t : unmatched) {
            String notes = String.join("; ", device.notes(t.completion()));
            wrong.add(SharedQueueDevice.describe(t.completion()) + " was taken from the shared CQ by " + t.thread()
                    + (t.where() == null ? "" : " at " + t.where()) + " and never handed to the endpoint of QP "
                    + t.completion().queuePairNumber() + (notes.isEmpty() ? "" : "; " + notes));
        }
        return wrong;
    }

    /** Removes and returns the first taken completion that is {@code given} (same id and status) of that owner, if any. */
    private static SimulatedDevice.Taken take(List<SimulatedDevice.Taken> unmatched, Completion given, Integer owner) {
        for (int i = 0; i < unmatched.size(); i++) {
            Completion c = unmatched.get(i).completion();
            if (c.workRequestId() == given.workRequestId() && c.status() == given.status()
                    && (owner == null || c.queuePairNumber() == owner)) {
                return unmatched.remove(i);
            }
        }
        return null;
    }

    private static String at(SharedQueueDevice.Given g) {
        return " (on " + g.thread() + (g.where() == null ? "" : ", called from " + g.where()) + ")";
    }
}
