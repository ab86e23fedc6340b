package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hit;
import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.RunSettings;
import io.github.fabrictck.engine.VirtualTime;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.sim.SimulatedSetup;
import io.github.fabrictck.sim.SimulatedSetup.Form;
import io.github.fabrictck.sim.SimulatedSetup.Loss;
import io.github.fabrictck.sim.SimulatedSetup.StallStart;
import io.github.fabrictck.sim.SimulatedSetup.Trial;
import io.github.fabrictck.spi.cs.Role;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Assumptions;

/**
 * The fixture of a connection-setup window: the simulated client and server on virtual time, one
 * trial per lost message and phase, and the judgements the CS windows share.
 *
 * <p>The <em>phase</em> of a trial is how far the server's timers run behind the client's. The kit
 * makes it by stalling the whole server side (no delivery, no timer, no application step runs on it)
 * for 0 to {@value #PHASE_MAX_MS} ms in steps of {@code fabric-tck.phaseStep} ms (default: the
 * one-way delay, so every crossing, which lasts two one-way delays, falls on at least one step),
 * anchored on the protocol, never on whatever timer a side arms first, nor on whichever fast-path
 * message the server happens to send first: on the server's <em>fast-path answer to the client</em>
 * (SMC-R's LINK_CONFIRM, its answer to CONFIRM; {@link StallStart}), from the moment the server's last
 * control-stream write before that answer (SMC-R's ACCEPT) reaches the client, as a trial without a
 * stall shows it. The client's answer (CONFIRM) then reaches a server that runs the
 * stall behind, so its fast-path answer (LINK_CONFIRM) and every timer it arms there, one per wait, a
 * deadline on a wheel or anything else, move with it. The phase is measured on the same points: from
 * that arrival to the server's fast-path answer; a sweep passes only if the measured phases cover the
 * range. A fast-path message the server sends before the client said anything (a dummy as it accepts)
 * is no answer and anchors nothing. (A setup whose server sends no fast-path answer has no such point:
 * its stall begins at the client's first timer arm and its phase is measured between the two sides'
 * first timer arms.) A trial whose server's timeout the stall did not move measures no phase
 * ({@link #unmoved}, {@link PhaseCoverage#movedWithTheStall}). No hold in the driver's code is needed. The one-way delay
 * of the control stream and the fast path is {@code fabric-tck.controlDelay} ms (default 10); setup
 * must end within {@code fabric-tck.setupBound} s of virtual time (default 10).
 */
public final class CsWindow extends WindowFixture {

    static final String APP_BYTES = "each application reads exactly the bytes the peer application wrote, never a "
            + "byte of the setup protocol";
    static final String AGREE = "both sides end setup on the same mode (both on the fast path or both on the fallback)";
    static final String BOUNDED = "setup ends on both sides within the bound, whatever setup message is lost";
    static final String RULES = "the endpoints throw nothing on the kit's threads";

    /** The highest phase of the sweep. */
    static final long PHASE_MAX_MS = 2000;
    /** The one-way delay of both links, in virtual milliseconds. */
    static final long DELAY_MS = Math.max(0, RunSettings.longValue("fabric-tck.controlDelay", 10));
    /** The step of the phase sweep, in virtual milliseconds. */
    static final long STEP_MS = Math.max(1, RunSettings.longValue("fabric-tck.phaseStep", DELAY_MS > 0 ? DELAY_MS : 10));
    /** How soon setup must end, in virtual seconds. */
    static final long SETUP_BOUND_S = Math.max(1, RunSettings.longValue("fabric-tck.setupBound", 10));

    private final VirtualTime time;
    private SimulatedSetup setup;
    private int trials;
    private long virtualNanos;
    /** The sweep of every lost setup message this window runs, recorded for the other window of its kind. */
    private LossSweeps.Sweep recording;

    CsWindow(WindowRun run, Session session) {
        super(run, session);
        this.time = new VirtualTime(run, session.pointTimeout());
    }

    /** Opens the simulated network with this form of control stream. */
    public SimulatedSetup on(Form form) {
        setup = new SimulatedSetup(run, time, session.driver(), form, Duration.ofMillis(DELAY_MS));
        return setup;
    }

    /** The phases of the sweep, in milliseconds. */
    public List<Long> phases() {
        List<Long> phases = new ArrayList<>();
        for (long p = 0; p <= PHASE_MAX_MS; p += STEP_MS) {
            phases.add(p);
        }
        return phases;
    }

    /** How many trials ran. */
    public int trials() {
        return trials;
    }

    /** The virtual time of every trial so far together, as {@code 812.345 s of virtual time in all}. */
    public String virtualTimeInAll() {
        return VirtualTime.seconds(virtualNanos) + " of virtual time in all";
    }

    /**
     * Runs one setup from scratch: loses {@code loss}, stalls the server for {@code stallMs} of
     * virtual time from {@code start}, and runs every event until none is left within twice the
     * setup bound. With {@code start} {@code null} (and no stall) the trial itself shows where the
     * stall of this driver is anchored ({@link Trial#protocolAnchor()}), and its phase is measured
     * from there.
     *
     * @throws WindowNotOpened when an endpoint could not be opened or the driver did not settle
     */
    public Trial trial(Loss loss, long stallMs, StallStart start) {
        trials++;
        setup.endTrial();
        run.trace().restart();
        run.trace().add("kit", "trial " + trials + ": " + stall(stallMs, start) + ", " + lossAndLink(loss), null);
        Trial t = setup.trial(loss);
        if (start != null) {
            t.stallServer(TimeUnit.MILLISECONDS.toNanos(stallMs), start);
        } else if (stallMs != 0) {
            throw new IllegalArgumentException("a stall needs its anchor");
        }
        try {
            time.runUntil(TimeUnit.SECONDS.toNanos(2 * SETUP_BOUND_S), () -> false);
        } finally {
            virtualNanos += time.nanos();
        }
        if (start == null) {
            t.measureFrom(t.protocolAnchor());
        }
        run.trace().add("kit", "trial " + trials + " ended: " + arms(t).describe(), null);
        if (t.noSetup()) {
            Assumptions.abort(noSetup(session.driver().name()));
        }
        for (String e : t.errors()) {
            if (e.startsWith("Driver.openConnectionSetup") || e.startsWith("SetupEndpoint.")) {
                throw new WindowNotOpened(e);
            }
        }
        List<String> thrown = t.errors();
        if (!thrown.isEmpty()) {
            throw new InvariantViolation(RULES, describe(loss, stallMs, start, arms(t)) + ": " + String.join("; ", thrown));
        }
        return t;
    }

    /** Why a driver whose {@code openConnectionSetup} returns {@code null} is not applicable. */
    static String noSetup(String driver) {
        return "driver " + driver + " has no SMC-R-style connection setup "
                + "(Driver.openConnectionSetup returned null): it sets up connections only through a connection "
                + "manager (Driver.openCmEndpoint), judged by CS-3/cm";
    }


    /** The virtual time of this window. */
    VirtualTime time() {
        return time;
    }

    /** The simulated network opened by {@link #on}, or {@code null}. */
    SimulatedSetup setup() {
        return setup;
    }

    /**
     * The two points of a trial whose distance is its phase, as its stall was anchored: on the
     * protocol, the arrival at the client of the server's anchoring control-stream write (or the
     * client's open, for a server that answers on the fast path before it writes) and the server's
     * fast-path answer to the client; for a server that sends no such answer, the two sides' first timer
     * arms. The checks that the stall moved the server's timeout ({@link #unmoved}, {@link #timedOut})
     * hold for every anchor on the protocol.
     */
    static PhaseCoverage.Arms arms(Trial t) {
        long clientArm = t.client().firstTimerArmedAt();
        long serverArm = t.server().firstTimerArmedAt();
        StallStart s = t.stallStart();
        if (s == null || !s.onProtocol()) {
            return new PhaseCoverage.Arms(clientArm, serverArm);
        }
        boolean first = s.anchor() == StallStart.Anchor.SERVER_FIRST;
        long client = first ? t.clientOpenedAt() : t.serverMessageArrivedAt(s.message());
        String point = first ? "the client's application connected"
                : "its " + Hit.ordinal(s.message()) + " control-stream write reached the client";
        long timedOut = timedOut(t);
        return new PhaseCoverage.Arms(client, t.serverAnswerAt(), clientArm >= 0, serverArm >= 0, point,
                unmoved(t, client), timedOut, timedOut < 0 ? 0 : t.server().timerQuantumAt(t.server().endedAt()));
    }

    /** When the server ended setup on its own timeout ({@link #ownTimeout}), or -1. */
    static long timedOut(Trial t) {
        return ownTimeout(t) == null ? -1 : t.server().endedAt();
    }

    /**
     * When each timer that fired as the server ended setup on its own timeout was armed (a periodic timer: its
     * previous run), or {@code null}: it ended, after its fast-path answer to the client, in an instant in which
     * a timer of it fired, and no message of the client was handed to it between that answer and its end.
     * Whatever mode it ended on: a server that declares the fast path up on its timer ended on its timer too.
     */
    static List<Long> ownTimeout(Trial t) {
        Trial.End s = t.server();
        long end = s.endedAt();
        if (end < 0 || t.serverAnswerAt() < 0 || t.deliveredToServerAfterAnswer()) {
            return null;
        }
        List<Long> fired = s.timerArmsFiredAt(end);
        return fired.isEmpty() ? null : fired;
    }

    /**
     * Why the stall, which began at {@code stallAt}, did not move the server's timeout, or {@code null}:
     * the server ended setup on its own timeout ({@link #ownTimeout}) as only timers it had armed before the
     * stall began fired (a periodic timer counts as armed by its previous run). A server that starts its wait
     * before the point the stall is anchored at (say, a confirm timer armed as it accepts) keeps its
     * timeout where it was however late the client's answer reaches it, so its timers do not run behind
     * the client's by the stall, and the trial measures no phase.
     */
    static String unmoved(Trial t, long stallAt) {
        long end = t.server().endedAt();
        List<Long> fired = ownTimeout(t);
        if (stallAt < 0 || fired == null || fired.stream().anyMatch(a -> a >= stallAt)) {
            return null;
        }
        return "the server ended setup at " + VirtualTime.seconds(end) + " as a timer it armed at "
                + VirtualTime.seconds(fired.get(0)) + " fired, before the stall began at " + VirtualTime.seconds(stallAt)
                + ": the stall did not move the timeout the server ended on, so its timers did not run behind the client's";
    }

    /**
     * Sweeps every lost setup message (none, then each fast-path message a loss-free setup sends
     * before both sides end) × every phase, and judges each trial by {@code own}.
     *
     * <p>CS-2 and CS-3 sweep the same setups and differ only in the invariant each setup is judged by; so each
     * setup of this sweep is also judged, as it ends, by the other window's invariant ({@link LossSweeps}). When
     * the other window already swept this control stream in this round of the run, every setup of that sweep ended
     * without breaking this window's invariant, and the sweep reached the documented phases, this window's verdict
     * is that sweep's: the same setups are not run twice, and the evidence says whose sweep it was. Otherwise (the
     * other window is not selected, ran in another shard or round, its sweep stopped at a failure, or one of its
     * setups broke this window's invariant) this window runs its own sweep, so a failure always shows the trial that
     * failed, run and traced by the window that reports it.
     */
    public void sweepLosses(Form form, LossJudge own) {
        LossSweeps.Sweep done = LossSweeps.reusable(session, form, own);
        if (done != null) {
            trials = done.trials();
            virtualNanos = done.virtualNanos();
            run.trace().replay(done.lastTrial());
            run.trace().add("kit", "the " + done.trials() + " trials of " + done.window() + "'s sweep in this round "
                    + "of the run were judged by this window's invariant as each ended, and none broke it: the kit ran "
                    + "the same setups once for both windows", null);
            run.opened(done.opened() + "; the trials of " + done.window() + "'s sweep in this round, each judged "
                    + "by both windows' invariants as it ended");
            return;
        }
        on(form);
        recording = LossSweeps.start(session, form, own);
        BiConsumer<Trial, String> judge = (t, conditions) -> {
            for (LossJudge other : LossJudge.values()) {
                if (other != own && other.problem(this, t) != null) {
                    recording.broke(other);
                }
            }
            own.judge(this, t, conditions);
        };
        Trial baseline = trial(null, 0, null);
        List<Loss> losses = new ArrayList<>();
        losses.add(null);
        baseline.setupMessages().forEach(m -> losses.add(new Loss(m.from(), m.nth())));
        sweep(losses, false, judge);
        recording.complete(trials, virtualNanos, run.openedHow(), run.trace().events());
    }

    /** The invariants a sweep of every lost setup message judges each trial by: CS-2's and CS-3's. */
    public enum LossJudge {
        /** CS-2: both sides end, on the same mode. */
        AGREEMENT("CS-2", AGREE),
        /** CS-3: both sides end within the bound. */
        BOUNDED_SETUP("CS-3", BOUNDED);

        private final String window;
        private final String invariant;

        LossJudge(String window, String invariant) {
            this.window = window;
            this.invariant = invariant;
        }

        /** The window whose invariant this is, as {@code CS-2}. */
        String window() {
            return window;
        }

        /** What in a trial that has run out breaks this invariant, or {@code null}. */
        String problem(CsWindow w, Trial t) {
            return this == AGREEMENT ? agreementProblem(t) : boundedProblem(t, w.time, w.run);
        }

        /** Judges a trial that has run out: throws when it breaks this invariant. */
        void judge(CsWindow w, Trial t, String conditions) {
            String problem = problem(w, t);
            if (problem != null) {
                throw new InvariantViolation(invariant, conditions + ": " + problem);
            }
        }
    }

    /**
     * Runs and judges one trial per loss case and stall of the server, then judges the phases
     * measured in each loss case's trials: a sweep whose measured phases do not cover
     * 0–{@value #PHASE_MAX_MS} ms in steps of at most the step could not be forced (ERROR); one in
     * which a side armed no timer at all has no timer phase (NOT_APPLICABLE). A loss case whose
     * message is sent in no phase (or, with {@code lossInEveryPhase}, not in every phase) could not
     * be forced: ERROR. A trial in which a phase changed the protocol's path so that the message is
     * not sent is judged all the same. Before a stretch of the range that no trial reached makes
     * the sweep ERROR, the stalls that should have reached it run again (up to {@value #RERUNS}
     * times, for a stretch of at most {@value #RERUN_SPAN} steps); every such trial is judged too,
     * and the evidence names each with what it measured.
     *
     * <p>Each loss case's first trial runs without a stall and shows where the stall is anchored
     * ({@link Trial#protocolAnchor()}): as the server's last control-stream write before its fast-path
     * answer to the client reaches the client, so that the server's fast-path answer follows the client's
     * answer by the stall (or by the one-way delay its protocol needs, if that
     * is longer). For a server that sends no fast-path answer to the client, the stall begins at the
     * client's first timer arm (or before the server's endpoint opens, when the server armed first).
     */
    public void sweep(List<Loss> losses, boolean lossInEveryPhase, BiConsumer<Trial, String> judge) {
        List<String> covered = new ArrayList<>();
        List<String> gaps = new ArrayList<>();
        List<String> untimed = new ArrayList<>();
        List<String> reruns = new ArrayList<>();
        java.util.Set<String> anchors = new java.util.LinkedHashSet<>();
        boolean onTimers = false;
        for (Loss loss : losses) {
            int[] lost = {0};
            List<PhaseCoverage.Arms> arms = new ArrayList<>();
            StallStart start = null;
            boolean everyPhase = loss != null && lossInEveryPhase;
            for (long phase : phases()) {
                // the first phase is 0: a trial without a stall, which shows where this loss case's stall is anchored
                Trial t = sweepTrial(loss, phase, start, everyPhase, judge, arms, lost);
                if (start == null) {
                    start = t.stallStart();
                    anchors.add(start.describe());
                    onTimers |= !start.onProtocol();
                }
            }
            if (loss != null && lost[0] == 0) {
                throw new WindowNotOpened(loss.describe() + " was sent in no phase of the sweep, so it could not be lost");
            }
            PhaseCoverage.Judgement j = coverage(arms);
            // a stretch no trial reached is tried again, stall by stall, before the sweep gives up on it:
            // every trial run is judged, and the evidence says which stalls ran twice and what they measured
            for (int round = 0; round < RERUNS && j.kind() == PhaseCoverage.Kind.GAP
                    && j.gapTo() - j.gapFrom() <= RERUN_SPAN * TimeUnit.MILLISECONDS.toNanos(STEP_MS); round++) {
                for (long phase : phases()) {
                    long at = TimeUnit.MILLISECONDS.toNanos(phase);
                    if (at >= j.gapFrom() && at <= j.gapTo()) {
                        Trial t = sweepTrial(loss, phase, start, everyPhase, judge, arms, lost);
                        reruns.add("stall " + phase + " ms again: " + arms(t).describe());
                    }
                }
                j = coverage(arms);
            }
            String words = (loss == null ? "no message lost" : loss.describe() + " lost") + ": " + j.words();
            switch (j.kind()) {
                case COVERED -> covered.add(words);
                case GAP -> gaps.add(words);
                case NO_TIMER -> untimed.add(words);
            }
        }
        String rerun = reruns.isEmpty() ? ""
                : "; trials run again where the first pass left a stretch unreached: " + String.join("; ", reruns);
        run.trace().add("kit", trials + " trials: " + losses.size() + " loss case(s) × " + phases().size() + " phases; "
                + virtualTimeInAll(), null);
        String how = "the kit stalled the server 0–" + PHASE_MAX_MS + " ms of virtual time in steps of " + STEP_MS
                + " ms (" + String.join("; ", anchors) + ") and measured the phase " + (onTimers
                ? "between the two sides' first timer arms" + (anchors.size() > 1 ? " where the server sent no fast-path "
                + "answer to the client, elsewhere from that moment to the server's fast-path answer" : "")
                : "from that moment to the server's fast-path answer to the client") + ": ";
        if (!gaps.isEmpty()) {
            throw new WindowNotOpened("the sweep did not reach the documented phases: " + how
                    + String.join("; ", gaps) + rerun);
        }
        if (covered.isEmpty()) {
            Assumptions.abort(String.join("; ", untimed));
        }
        List<String> all = new ArrayList<>(covered);
        all.addAll(untimed);
        run.opened(how + String.join("; ", all) + rerun);
    }

    /** How many times a sweep runs again the stalls of a stretch its trials left unreached. */
    private static final int RERUNS = 2;
    /**
     * The widest unreached stretch, in steps, whose stalls run again: one or two trials that measured
     * far from their stall; a wider one is the driver's timing, not an accident of one trial.
     */
    private static final int RERUN_SPAN = 4;

    /** Runs one trial of a sweep, records its first timer arms and whether its loss happened, and judges it. */
    private Trial sweepTrial(Loss loss, long phase, StallStart start, boolean lossInEveryPhase,
            BiConsumer<Trial, String> judge, List<PhaseCoverage.Arms> arms, int[] lost) {
        Trial t = trial(loss, phase, start);
        PhaseCoverage.Arms a = arms(t);
        arms.add(a);
        String conditions = describe(loss, phase, t.stallStart(), a);
        if (loss != null && t.lossHappened()) {
            lost[0]++;
        } else if (loss != null && lossInEveryPhase) {
            throw new WindowNotOpened(conditions + ": " + loss.describe() + " was never sent, so it could not be lost");
        }
        judge.accept(t, conditions);
        return t;
    }

    private static PhaseCoverage.Judgement coverage(List<PhaseCoverage.Arms> arms) {
        return PhaseCoverage.judge(PhaseCoverage.movedWithTheStall(arms, TimeUnit.MILLISECONDS.toNanos(MOVE_TOLERANCE_MS),
                TimeUnit.MILLISECONDS.toNanos(STEP_MS)), 0, TimeUnit.MILLISECONDS.toNanos(PHASE_MAX_MS), TimeUnit.MILLISECONDS.toNanos(STEP_MS));
    }

    /**
     * How much sooner after its fast-path step than in the loss case's trial of the lowest phase a server
     * may time out and still count as a timeout the stall moved: half the sweep, so that a timer wheel with a
     * tick of up to a second counts as moved, and a deadline fixed before the stall leaves at least the
     * upper half of the range unreached.
     */
    static final long MOVE_TOLERANCE_MS = PHASE_MAX_MS / 2;

    /** The trial's conditions in words, as failures name them. */
    String describe(Loss loss, long stallMs, StallStart start, PhaseCoverage.Arms arms) {
        return stall(stallMs, start) + ", " + arms.describe() + ", " + lossAndLink(loss);
    }

    private static String stall(long stallMs, StallStart start) {
        return stallMs == 0 || start == null ? "no stall" : "the server stalled " + stallMs + " ms " + start.describe();
    }

    private String lossAndLink(Loss loss) {
        return (loss == null ? "no message lost" : loss.describe() + " lost") + ", control stream "
                + setup.form().id() + " with a one-way delay of " + DELAY_MS + " ms";
    }

    // ---------------------------------------------------------------- judgements

    /** Each application read exactly what the other wrote. */
    public void judgeApplicationBytes(Trial t, String conditions) {
        String problem = streamProblem(t, true);
        if (problem != null) {
            throw new InvariantViolation(APP_BYTES, conditions + ": " + problem);
        }
    }

    /**
     * What breaks {@link #APP_BYTES} in a trial, or {@code null}: once both sides are done
     * ({@code done}), each application must have read exactly what the peer's wrote; before, what it
     * has read must begin what the peer's wrote (a byte that does not is wrong at once).
     */
    static String streamProblem(Trial t, boolean done) {
        for (Trial.End[] pair : List.of(new Trial.End[] {t.server(), t.client()}, new Trial.End[] {t.client(), t.server()})) {
            byte[] got = pair[0].received();
            byte[] wrote = pair[1].written();
            boolean prefix = got.length <= wrote.length && Arrays.equals(got, 0, got.length, wrote, 0, got.length);
            if (!done && prefix) {
                continue;
            }
            String problem = bytesProblem(pair[0], pair[1]);
            if (problem != null) {
                return problem + "; " + ends(t);
            }
        }
        return null;
    }

    /** What breaks {@link #AGREE} in a trial that has run out, or {@code null}. */
    static String agreementProblem(Trial t) {
        Trial.End c = t.client();
        Trial.End s = t.server();
        return !t.ended() || c.mode() == null || c.mode() != s.mode() ? ends(t) : null;
    }

    /**
     * What breaks {@link #BOUNDED} in a trial whose events have run out (or gone past the bound), or
     * {@code null}; a side that has not ended while nothing is left to happen would wait forever.
     */
    static String boundedProblem(Trial t, VirtualTime time, WindowRun run) {
        long bound = TimeUnit.SECONDS.toNanos(SETUP_BOUND_S);
        for (Trial.End e : List.of(t.client(), t.server())) {
            if (!e.ended() || e.endedAt() > bound) {
                String why = !e.ended() && !time.hasEvents()
                        ? "; at " + time.stamp() + " no timer is armed, nothing is in flight and every driver thread is idle: "
                        + "it would wait forever (" + run.whereThreadsAre() + ")"
                        : "";
                return ends(t) + "; the bound is " + SETUP_BOUND_S + " s" + why;
            }
        }
        return null;
    }

    static String ends(Trial t) {
        return end(t.client()) + ", " + end(t.server());
    }

    private static String end(Trial.End e) {
        if (!e.ended()) {
            return "the " + e.name() + " never ended setup";
        }
        return "the " + e.name() + " ended setup at " + VirtualTime.seconds(e.endedAt()) + " "
                + (e.mode() != null ? "on " + e.mode() : "with " + e.failure()) + " (" + e.timersFired() + " timer(s) fired)";
    }

    /** What is wrong with what {@code reader}'s application read, or {@code null}. */
    static String bytesProblem(Trial.End reader, Trial.End writer) {
        return bytesProblem(reader.name(), reader.received(), writer.name(), writer.written());
    }

    /**
     * What is wrong with the bytes an application read, compared with what the peer application
     * wrote, or {@code null} when they are the same: missing bytes, or the first wrong byte with
     * the bytes from there.
     */
    static String bytesProblem(String reader, byte[] got, String writer, byte[] wrote) {
        if (Arrays.equals(got, wrote)) {
            return null;
        }
        int i = Arrays.mismatch(got, wrote);
        String who = "the " + reader + "'s application read " + got.length + " byte(s) where the " + writer
                + "'s application wrote " + wrote.length;
        if (i == got.length) {
            return who + ": it is missing the last " + (wrote.length - got.length) + " byte(s) " + hex(wrote, i);
        }
        return who + "; first wrong byte at offset " + i + ": read " + hex(got, i) + ", expected "
                + (i < wrote.length ? hex(wrote, i) : "nothing more");
    }

    /** Up to 16 bytes from {@code from} in hex with their printable form: {@code e2 d4 c3 d9 … "...."}. */
    static String hex(byte[] b, int from) {
        int to = Math.min(b.length, from + 16);
        StringBuilder hex = new StringBuilder();
        StringBuilder text = new StringBuilder();
        for (int i = from; i < to; i++) {
            hex.append(String.format(Locale.ROOT, "%02x ", b[i] & 0xff));
            char c = (char) (b[i] & 0xff);
            text.append(c >= 0x20 && c < 0x7f ? c : '.');
        }
        return hex.toString().strip() + (to < b.length ? " …" : "") + " \"" + text + "\"";
    }

    @Override
    List<String> driverClassNames() {
        return setup == null ? List.of() : setup.endpointClassNames();
    }

    @Override
    void judged(boolean clean) {
        if (recording != null) {
            recording.judged(clean);
        }
    }

    @Override
    public void close() {
        run.finish();
        if (setup != null) {
            setup.close();
        }
        time.stop();
    }

    /**
     * CS-1's loss case: the server's fast path from its answer to the client on ({@link Loss#serverAnswerOn}), as a
     * loss-free setup shows the answer: its link confirm is lost in every phase, and so is whatever else it sends on
     * the fast path from then until it ends setup (a dummy before it or a copy of it, which a loss by number let
     * through: a link that lost the confirm is down). A fast-path message sent before the client said anything (a
     * dummy as it accepts) is no answer and goes through. A server that sent no fast-path answer but sends on the
     * fast path during setup has its 1st message lost. A server that sends nothing on the fast path before it ends
     * setup (it signals its decision in band, on the control stream) has the fast path down for the whole setup
     * ({@link Loss#wholeSetup}): the client's messages are lost, so the setup falls back and the signals of that
     * fallback are judged. No loss takes the application's bytes sent after both sides ended setup.
     */
    public void sweepServerLosses(Form form, BiConsumer<Trial, String> judge) {
        on(form);
        Trial baseline = trial(null, 0, null);
        StallStart anchor = baseline.stallStart();
        boolean serverSendsInSetup = baseline.setupMessages().stream().anyMatch(m -> m.from() == Role.SERVER);
        Loss loss = anchor != null && anchor.onProtocol() && baseline.serverAnswerNth() > 0
                ? Loss.serverAnswerOn(anchor.answers()) : serverSendsInSetup ? new Loss(Role.SERVER, 1) : Loss.wholeSetup();
        sweep(List.of(loss), true, judge);
    }
}
