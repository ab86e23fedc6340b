package io.github.fabrictck.windows;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.fabrictck.engine.RunSettings;
import io.github.fabrictck.report.TraceEvent;
import io.github.fabrictck.sim.SimulatedSetup.Form;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** When CS-3 may report from CS-2's sweep (and the other way round), and when it must run its own. */
class LossSweepsTest {

    private static final CsWindow.LossJudge CS2 = CsWindow.LossJudge.AGREEMENT;
    private static final CsWindow.LossJudge CS3 = CsWindow.LossJudge.BOUNDED_SETUP;

    @AfterEach
    void firstRound() {
        RunSettings.round(1);
        LossSweeps.clear();
    }

    private static LossSweeps.Sweep swept(Form form, CsWindow.LossJudge own, boolean clean) {
        LossSweeps.Sweep s = LossSweeps.start(null, form, own);
        s.complete(604, 1_000, "the kit stalled the server …", List.of(new TraceEvent(0.1, "kit", "trial 604", null)));
        s.judged(clean);
        return s;
    }

    @Test
    void aCleanSweepOfTheOtherWindowInThisRoundAndFormIsReported() {
        LossSweeps.Sweep s = swept(Form.MEMORY, CS2, true);
        assertSame(s, LossSweeps.reusable(null, Form.MEMORY, CS3));
        assertNull(LossSweeps.reusable(null, Form.LOOPBACK, CS3), "another form of the control stream");
        assertNull(LossSweeps.reusable(null, Form.MEMORY, CS2), "a window never reports from its own sweep");
    }

    @Test
    void aSweepInWhichATrialBrokeTheOtherInvariantIsNotReported() {
        LossSweeps.Sweep s = LossSweeps.start(null, Form.MEMORY, CS2);
        s.broke(CS3);
        s.complete(604, 1_000, "opened", List.of());
        s.judged(true);
        assertNull(LossSweeps.reusable(null, Form.MEMORY, CS3));
    }

    @Test
    void aSweepWhoseWindowDidNotPassCleanlyOrDidNotEndIsNotReported() {
        swept(Form.MEMORY, CS2, false);
        assertNull(LossSweeps.reusable(null, Form.MEMORY, CS3), "its window was not a clean PASS");
        LossSweeps.Sweep stopped = LossSweeps.start(null, Form.LOOPBACK, CS2);
        stopped.judged(true); // stopped before it completed (a failure, a gap): judged without complete()
        assertNull(LossSweeps.reusable(null, Form.LOOPBACK, CS3));
    }

    @Test
    void aSweepOfAnotherRoundIsNotReported() {
        swept(Form.MEMORY, CS3, true);
        RunSettings.round(2);
        assertNull(LossSweeps.reusable(null, Form.MEMORY, CS2));
    }
}
