package io.github.fabrictck.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fabrictck.windows.PhaseCoverage.Arms;
import io.github.fabrictck.windows.PhaseCoverage.Judgement;
import io.github.fabrictck.windows.PhaseCoverage.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** When a CS sweep's measured timer phases count as covering the documented range, without the agent. */
class PhaseCoverageTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    /** One trial per stall of 0 to 2000 ms in steps of 10: the client arms at 20 ms, the server at {@code serverAt(stall)}. */
    private static List<Arms> sweep(java.util.function.LongUnaryOperator serverAt) {
        List<Arms> trials = new ArrayList<>();
        for (long stall = 0; stall <= 2000; stall += 10) {
            trials.add(new Arms(20 * MS, serverAt.applyAsLong(stall) * MS));
        }
        return trials;
    }

    private static Judgement judge(List<Arms> trials) {
        return PhaseCoverage.judge(trials, 0, 2000 * MS, 10 * MS);
    }

    @Test
    void aServerThatFollowsTheStallCoversTheRangeFromOneDelayUp() {
        // the sample: its first timer follows the client's by the stall, or by the one-way delay at the least
        Judgement j = judge(sweep(stall -> 20 + Math.max(stall, 10)));
        assertEquals(Kind.COVERED, j.kind());
        assertEquals("measured phases 10 to 2000 ms over 201 trial(s), covering 0–2000 ms with no gap wider than the "
                + "step of 10 ms", j.words());
    }

    @Test
    void aServerWhoseTimersStayAtOneDelayIsNoEvidenceOfAnyPhase() {
        // the timer-first server under the old hold: its timer did not move, whatever the hold
        Judgement j = judge(sweep(stall -> 30));
        assertEquals(Kind.GAP, j.kind());
        assertEquals("measured phases 10 to 10 ms over 201 trial(s) leave 10–2000 ms of the documented range 0–2000 ms "
                + "unreached, more than the step of 10 ms", j.words());
    }

    @Test
    void aGapInTheMiddleIsFound() {
        Judgement j = judge(sweep(stall -> 20 + (stall >= 500 && stall < 700 ? 700 : Math.max(stall, 10))));
        assertEquals(Kind.GAP, j.kind());
        assertEquals("measured phases 10 to 2000 ms over 201 trial(s) leave 490–700 ms of the documented range 0–2000 ms "
                + "unreached, more than the step of 10 ms", j.words());
    }

    @Test
    void aGapNamesTheStretchTheSweepRunsAgain() {
        // one trial of 201 measured far from its stall: the stalls of 290–310 ms are the ones to run again
        Judgement j = judge(sweep(stall -> 20 + (stall == 300 ? 4000 : Math.max(stall, 10))));
        assertEquals(Kind.GAP, j.kind());
        assertEquals(290 * MS, j.gapFrom());
        assertEquals(310 * MS, j.gapTo());
        List<Arms> again = new java.util.ArrayList<>(sweep(stall -> 20 + (stall == 300 ? 4000 : Math.max(stall, 10))));
        again.add(new Arms(20 * MS, 320 * MS));
        assertEquals(Kind.COVERED, judge(again).kind(), "the stall run again fills the stretch");
    }

    @Test
    void theTopOfTheRangeMustBeReachedWithinAStep() {
        assertEquals(Kind.GAP, judge(sweep(stall -> 20 + Math.min(Math.max(stall, 10), 1980))).kind());
        assertEquals(Kind.COVERED, judge(sweep(stall -> 20 + Math.min(Math.max(stall, 10), 1990))).kind());
    }

    @Test
    void theBottomOfTheRangeMustBeReachedWithinAStep() {
        assertEquals(Kind.GAP, judge(sweep(stall -> 20 + Math.max(stall, 11))).kind());
    }

    @Test
    void phasesFarOutsideTheRangeAreNoEvidenceForIt() {
        assertEquals(Kind.GAP, judge(sweep(stall -> 20 + 3000 + stall)).kind());
        assertEquals(Kind.GAP, judge(List.of(new Arms(1000 * MS, 400 * MS), new Arms(1000 * MS, 300 * MS))).kind());
    }

    @Test
    void aSideWithNoTimerHasNoPhase() {
        List<Arms> trials = List.of(new Arms(20 * MS, -1), new Arms(20 * MS, -1));
        Judgement j = judge(trials);
        assertEquals(Kind.NO_TIMER, j.kind());
        assertEquals("the server armed no timer in any of the 2 trials: a side with no timer has no timer phase, so "
                + "there is no phase between the two sides' timers to sweep", j.words());
        assertEquals(Kind.NO_TIMER, judge(List.of(new Arms(-1, -1))).kind());
    }

    @Test
    void trialsWithATimerOnOneSideOnlyCountNeitherWay() {
        List<Arms> trials = new ArrayList<>(sweep(stall -> 20 + Math.max(stall, 10)));
        trials.add(new Arms(-1, 30 * MS));
        Judgement j = judge(trials);
        assertEquals(Kind.COVERED, j.kind());
        assertEquals("measured phases 10 to 2000 ms over 201 trial(s) (1 trial(s) with a timer on one side only), "
                + "covering 0–2000 ms with no gap wider than the step of 10 ms", j.words());
        assertEquals(Kind.GAP, judge(List.of(new Arms(-1, 30 * MS), new Arms(20 * MS, -1))).kind());
    }

    @Test
    void aTrialNamesItsMeasuredPhase() {
        assertEquals("measured phase 980 ms (the server's first timer armed 980 ms after the client's)",
                new Arms(20 * MS, 1000 * MS).describe());
        assertEquals("measured phase -12.5 ms (the server's first timer armed 12.5 ms before the client's)",
                new Arms(20 * MS, 7_500_000).describe());
        assertEquals("no measured phase (the server armed no timer)", new Arms(20 * MS, -1).describe());
    }

    /**
     * One protocol-anchored trial per stall of 0 to 2000 ms: the client's point at 20 ms, the server's first
     * fast-path message one delay (10 ms) after the stall, and the server's end on its own timer at
     * {@code timedOut(stall, serverPoint)} ms, or on the client's word when that is negative.
     */
    private static List<Arms> timedOut(java.util.function.LongBinaryOperator timedOut) {
        return timedOut(timedOut, 0);
    }

    /** The same, the server's timers keeping time in steps of {@code quantum} ms (a wheel's tick). */
    private static List<Arms> timedOut(java.util.function.LongBinaryOperator timedOut, long quantum) {
        List<Arms> trials = new ArrayList<>();
        for (long stall = 0; stall <= 2000; stall += 10) {
            long server = 20 + 10 + stall;
            long end = timedOut.applyAsLong(stall, server);
            trials.add(new Arms(20 * MS, server * MS, true, true, "its 1st control-stream write reached the client", null,
                    end < 0 ? -1 : end * MS, quantum * MS));
        }
        return trials;
    }

    private static Judgement judgeMoved(List<Arms> trials) {
        return judge(PhaseCoverage.movedWithTheStall(trials, 1000 * MS, 10 * MS));
    }

    @Test
    void aTimeoutThatMovesWithTheStallCoversTheRangeOnATimerWheelToo() {
        assertEquals(Kind.COVERED, judgeMoved(timedOut((stall, server) -> server + 2000)).kind());
        // a 100 ms wheel: the deadline is honoured on the first tick at or after it
        assertEquals(Kind.COVERED, judgeMoved(timedOut((stall, server) -> (server + 2000 + 99) / 100 * 100, 100)).kind());
        // a timeout with a random jitter of up to 500 ms
        java.util.Random jitter = new java.util.Random(7);
        assertEquals(Kind.COVERED, judgeMoved(timedOut((stall, server) -> server + 2000 + jitter.nextInt(500))).kind());
        // a server that ends on the client's word from some phase on is not judged by when it ended
        assertEquals(Kind.COVERED, judgeMoved(timedOut((stall, server) -> stall < 500 ? server + 2000 : -1)).kind());
    }

    @Test
    void aDeadlineFixedBeforeTheStallLeavesTheRangeUnreachedWhateverItsLength() {
        // fixed 900 ms after the client's point: past it, the server ends at its fast-path step on work due now
        Judgement j = judgeMoved(timedOut((stall, server) -> server < 920 ? 920 : -1));
        assertEquals(Kind.GAP, j.kind(), j.words());
        // on a 100 ms wheel, a deadline fixed 2,020 ms after the client's point
        Judgement wheel = judgeMoved(timedOut((stall, server) -> (Math.max(2040, server) + 99) / 100 * 100, 100));
        assertEquals(Kind.GAP, wheel.kind(), wheel.words());
    }

    @Test
    void aDeadlineFixedBeforeTheStallIsNamedInTheGap() {
        // "arm late, aim early": whatever the stall, the server ends at 2,050 ms (or just after the stall, past it)
        Judgement j = judgeMoved(timedOut((stall, server) -> Math.max(2050, server)));
        assertEquals(Kind.GAP, j.kind());
        assertEquals(TimeUnit.MILLISECONDS.toNanos(30), j.gapFrom(), j.words());
        assertEquals("measured phases 10 to 30 ms over 3 trial(s) (198 trial(s) with no measured phase) leave 30–2000 ms "
                + "of the documented range 0–2000 ms unreached, more than the step of 10 ms; in 198 trial(s) the server "
                + "ended setup on a timer 2030 ms after its 1st control-stream write reached the client (measured phase "
                + "40 ms), as it did in the trial of the lowest measured phase (10 ms, 2030 ms after): its timeout did not "
                + "move with the stall (a deadline fixed before the stall began), so its timers did not run behind the "
                + "client's", j.words());
    }
}
