package io.github.fabrictck.windows;

import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.explore.World;
import io.github.fabrictck.sim.SimulatedDevice;
import io.github.fabrictck.spi.Family;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CQ-5 consumer failure mid-batch.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>A driver without a completion callback (its application takes completions with {@code receive}
 * and {@code awaitSendsComplete} on its own threads) runs no application code inside its batch: the
 * window is not applicable to it.
 */
@Tag("CQ-5")
@RaceWindow(id = "CQ-5", title = "consumer failure mid-batch", family = Family.COMPLETION_QUEUE,
        source = "https://github.com/zrlio/disni/blob/master/src/main/java/com/ibm/disni/RdmaCqProcessor.java",
        bug = "DiSNI RdmaCqProcessor.run() dispatches a polled batch inside one try; when an endpoint's "
                + "dispatchCqEvent throws, the rest of the batch is lost and what is still queued waits for an "
                + "unrelated completion.",
        interleaving = {
            "the application gives the driver its completion callback (consumeWith)",
            "three messages arrive at once: one event announces them all",
            "the driver takes them from the CQ and hands the first to the application, which throws",
            "the exception leaves the driver's loop over the batch: the other two are never handed over, or stay "
                    + "queued with no event to announce them"},
        invariants = {CQ5ConsumerFailure.HANDED_OVER, CqWindow.CONSUMED, CqWindow.NOT_STUCK, CqWindow.RULES},
        onFailure = "Check the loop that calls the application's callback: catch what it throws around each call, "
                + "not around the batch, then go on with the rest of the batch and poll until the CQ is empty.")
class CQ5ConsumerFailure {

    static final String HANDED_OVER = "every completion taken from a CQ is handed to the application, also after the "
            + "application threw for an earlier one";
    static final int BATCH = 3;
    static final String NO_CALLBACK = noCallback("no application code runs inside the driver's batch");

    /** The NOT_APPLICABLE sentence of a window that needs the application's callback, ending on what follows for it. */
    static String noCallback(String so) {
        return "the driver has no completion callback (CompletionQueueDriver.consumeWith returned false): its "
                + "application takes completions with receive() and awaitSendsComplete() on its own threads, so " + so;
    }

    @Test
    void consumerThrowsMidBatch(CqWindow w) {
        SimulatedDevice.Consumer consumer = w.device().consumer(1);
        boolean callback = w.call("consumeWith", () -> w.driver().consumeWith(consumer));
        if (!callback) {
            Assumptions.abort(NO_CALLBACK);
        }
        w.trial().settleOrSpin();
        w.device().recordTakes();
        List<byte[]> messages = new ArrayList<>();
        for (int i = 1; i <= BATCH; i++) {
            messages.add(("message " + i).getBytes());
        }
        w.device().deliverIncoming(messages);
        settle(w, consumer);
        boolean opened = opened(w.run(), consumer);
        w.judgeEveryCompletionConsumed();
        settle(w, consumer);
        if (!opened) {
            opened(w.run(), consumer);
        }
        String threw = consumer.threw();
        Optional<World.Failure> lost = judgeHandedOver(consumer);
        if (lost.isPresent()) {
            throw new InvariantViolation(lost.get().invariant(), lost.get().details());
        }
        if (threw == null) {
            throw new WindowNotOpened("the driver took " + consumer.given() + " completion(s) and never called the "
                    + "application's callback it accepted");
        }
        w.judgeRules();
    }

    /** Completions the driver took and never handed to the callback; CQ-X/callbacks judges its schedules with it too. */
    static Optional<World.Failure> judgeHandedOver(SimulatedDevice.Consumer consumer) {
        String threw = consumer.threw();
        List<String> lost = consumer.notHandedOver();
        if (lost.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new World.Failure(HANDED_OVER, lost.size() + " completion(s) taken from the CQ were never "
                + "handed to the application: " + String.join(", ", lost)
                + (threw == null ? "; the callback was given " + consumer.given() + " and never threw"
                : "; the callback threw for " + threw + ", and the exception left the driver's loop over the batch")));
    }

    /** Records the evidence once the callback threw: what it threw for and what waited behind; whether it did. */
    private static boolean opened(WindowRun run, SimulatedDevice.Consumer consumer) {
        String threw = consumer.threw();
        if (threw == null) {
            return false;
        }
        if (consumer.behind() == null) {
            throw new WindowNotOpened("the application's callback threw for " + threw + " with nothing behind it (the "
                    + "driver handed the batch over out of order)");
        }
        run.opened("the application's callback threw for " + threw + ", with " + consumer.behind());
        return true;
    }

    /**
     * Waits until the driver has settled with no thread inside the application's callback, and
     * stays so: the same completions taken and handed over across two settles.
     */
    private static void settle(CqWindow w, SimulatedDevice.Consumer consumer) {
        long deadline = System.nanoTime() + w.session().pointTimeout().toNanos();
        while (true) {
            w.trial().settleOrSpin();
            int given = consumer.given();
            int taken = w.device().taken().size();
            w.trial().settleOrSpin();
            if (!consumer.inCall() && given == consumer.given() && taken == w.device().taken().size()) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new WindowNotOpened("the driver did not settle within " + w.session().pointTimeout().toMillis()
                        + " ms after the application's callback threw");
            }
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
        }
    }
}
