package io.github.fabrictck.windows;

import io.github.fabrictck.explore.Controller;
import io.github.fabrictck.sim.SimulatedDevice;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * CQ-X/callbacks: the CQ-X scenario with the application's completion callback (SPI 2), which
 * throws for the next completion it is given once the schedule decides so. Judged as CQ-X, and by
 * CQ-5's oracle: every completion the driver took is handed to the callback, also after it threw.
 */
final class CallbackCq extends CQXExploration.Cq {

    static final String THROWS = Controller.ENV + "the application's callback throws for the next completion";

    /** Never throws until the schedule decides it does ({@link #THROWS}). */
    private final SimulatedDevice.Consumer consumer;
    private boolean armed;

    CallbackCq(CqWindow w, CqTrial trial) {
        super(w, trial);
        this.consumer = trial.device().consumer(0);
    }

    /** The window's own endpoint tells whether the driver has a callback at all; NOT_APPLICABLE, as CQ-5, when not. */
    static void requireCallback(CqWindow w) {
        SimulatedDevice.Consumer probe = w.device().consumer(0);
        if (!w.call("consumeWith", () -> w.driver().consumeWith(probe))) {
            Assumptions.abort(CQ5ConsumerFailure.NO_CALLBACK);
        }
    }

    @Override
    public void start() {
        device.recordTakes();
        // the application thread runs its calls in order: the callback is in place before the first send
        trial.start("consumeWith", () -> trial.driver().consumeWith(consumer));
        super.start();
    }

    @Override
    public List<String> actions() {
        List<String> a = new ArrayList<>(super.actions());
        if (!armed) {
            a.add(THROWS);
        }
        return a;
    }

    @Override
    public void act(String action) {
        if (action.equals(THROWS)) {
            armed = true;
            consumer.throwForNext();
            return;
        }
        super.act(action);
    }

    @Override
    public Optional<Failure> judgeIdle(Optional<String> stuck) {
        Optional<Failure> lost = CQ5ConsumerFailure.judgeHandedOver(consumer);
        return lost.isPresent() ? lost : super.judgeIdle(stuck);
    }

    @Override
    public Optional<Failure> judgeEnd() {
        Optional<Failure> lost = CQ5ConsumerFailure.judgeHandedOver(consumer);
        return lost.isPresent() ? lost : super.judgeEnd();
    }
}
