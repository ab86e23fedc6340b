package io.github.fabrictck.windows;

import io.github.fabrictck.engine.RunSettings;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.report.TraceEvent;
import io.github.fabrictck.sim.SimulatedSetup.Form;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The sweeps of every lost setup message that CS-2 and CS-3 ran in this round of the run, each judged as it ran by
 * both windows' invariants ({@link CsWindow#sweepLosses}): the second window of a round reports from the first's
 * sweep when that sweep was clean for it, rather than running the same setups again.
 *
 * <p>A sweep counts only once the window that ran it was judged PASS with nothing the kit could not accept
 * ({@link WindowFixture#judged}); it belongs to one session (one driver), one round and one form of the control
 * stream. Windows run one after the other, so the state is one short list.
 */
final class LossSweeps {

    private static final List<Sweep> SWEEPS = new ArrayList<>();

    private LossSweeps() {
    }

    /** One sweep of every lost setup message, recorded while it ran. */
    static final class Sweep {
        private final Session session;
        private final int round;
        private final Form form;
        private final CsWindow.LossJudge own;
        private final Set<CsWindow.LossJudge> broken = EnumSet.noneOf(CsWindow.LossJudge.class);
        private boolean swept;
        private boolean clean;
        private int trials;
        private long virtualNanos;
        private String opened;
        private List<TraceEvent> lastTrial = List.of();

        private Sweep(Session session, int round, Form form, CsWindow.LossJudge own) {
            this.session = session;
            this.round = round;
            this.form = form;
            this.own = own;
        }

        /** A trial of this sweep broke {@code other}'s invariant: that window runs its own sweep. */
        synchronized void broke(CsWindow.LossJudge other) {
            broken.add(other);
        }

        /** The sweep ran to its end and reached the documented phases. */
        synchronized void complete(int trials, long virtualNanos, String opened, List<TraceEvent> lastTrial) {
            this.trials = trials;
            this.virtualNanos = virtualNanos;
            this.opened = opened;
            // the window's own verdict events are its own: the window that reports from this sweep adds its own
            this.lastTrial = lastTrial.stream().filter(e -> !e.event().startsWith(WindowRun.OPENED)).toList();
            this.swept = opened != null;
        }

        /** The window that ran it was judged: the sweep is shared only when that verdict was a clean PASS. */
        synchronized void judged(boolean clean) {
            this.clean = clean && swept;
        }

        /** The variant that ran it, as {@code CS-2/memory}. */
        String window() {
            return own.window() + "/" + form.id();
        }

        int trials() {
            return trials;
        }

        long virtualNanos() {
            return virtualNanos;
        }

        String opened() {
            return opened;
        }

        /** The trace of the sweep's last trial, as the window that ran it kept it. */
        List<TraceEvent> lastTrial() {
            return lastTrial;
        }

        private synchronized boolean usableBy(Session s, int r, Form f, CsWindow.LossJudge judge) {
            return session == s && round == r && form == f && own != judge && clean && !broken.contains(judge);
        }
    }

    /**
     * A sweep of this session, round and form that another window ran to a clean PASS and in which no trial broke
     * {@code judge}'s invariant, or {@code null}.
     */
    static synchronized Sweep reusable(Session session, Form form, CsWindow.LossJudge judge) {
        int round = RunSettings.round();
        for (Sweep s : SWEEPS) {
            if (s.usableBy(session, round, form, judge)) {
                return s;
            }
        }
        return null;
    }

    /** Starts recording a sweep of {@code own}'s window; sweeps of other sessions or earlier rounds are forgotten. */
    static synchronized Sweep start(Session session, Form form, CsWindow.LossJudge own) {
        int round = RunSettings.round();
        SWEEPS.removeIf(s -> s.session != session || s.round != round || (s.form == form && s.own == own));
        Sweep s = new Sweep(session, round, form, own);
        SWEEPS.add(s);
        return s;
    }

    /** Forgets every sweep (a test's fresh start). */
    static synchronized void clear() {
        SWEEPS.clear();
    }
}
