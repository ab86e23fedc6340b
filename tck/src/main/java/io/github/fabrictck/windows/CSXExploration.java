package io.github.fabrictck.windows;

import io.github.fabrictck.engine.VirtualTime;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.explore.Controller;
import io.github.fabrictck.explore.Exploration;
import io.github.fabrictck.explore.Scheduler;
import io.github.fabrictck.explore.World;
import io.github.fabrictck.sim.SimulatedSetup;
import io.github.fabrictck.sim.SimulatedSetup.Form;
import io.github.fabrictck.spi.Family;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CS-X exploration of the connection-setup family: no scripted loss or stall; a scheduler decides
 * every step of the driver's threads and every event of the network.
 *
 * <p>Scenario (the workload of CS-1..CS-3): the server accepts and the client connects on the
 * simulated network of the CS windows (control stream in memory, one-way delay {@code
 * fabric-tck.controlDelay}); once set up, the client's application writes its request and the
 * server's its reply. Every driver thread stops at every point it passes; whenever every driver
 * thread is stopped or idle, the scheduler chooses which stopped thread runs on, or what the
 * network does next:
 * <ul>
 *   <li>deliver an event due within one one-way delay of the earliest one that can happen now (a message
 *       waiting for its receiver to open, or behind another on its lane, bounds nothing): a message (each lane, a
 *       direction of the control stream or of the fast path, delivers in the order sent, so what
 *       crosses is the two directions; a message the scheduler passes over arrives late, by at most
 *       one more delay), a driver timer (virtual time moves to its deadline: a timeout firing is a
 *       decision, never a wall-clock wait), an application step;</li>
 *   <li>lose a fast-path setup message in flight (one its sender sent before it ended setup; at
 *       most {@value Cs#MAX_LOSSES} a schedule);</li>
 *   <li>fail the fast path during setup (the RDMA side: every setup message on it is lost from then
 *       on), before either side has ended setup;</li>
 *   <li>stall the server (nothing of it runs; what falls due is handed over in order afterwards, as
 *       in CS-1) until the next timer deadline, or half-way to it, at most
 *       {@value CsWindow#PHASE_MAX_MS} ms, once: the server's timers then run behind the client's by
 *       a phase of the CS-1 sweep's range, and half-way steps reach the phases between two deadlines.
 *       Only the server is stalled: the documented range is the server behind the client, the range in
 *       which the upstream fix of CVE-2023-52775 is proven.</li>
 * </ul>
 *
 * <p>Oracles, those of the CS windows in their words: after every decision, the endpoints throw
 * nothing, and what each application has read begins what the peer's application wrote (a setup
 * byte in the stream is wrong at once); setup past the bound with a side not ended is a failure at
 * once; when nothing is left to happen (or the next event lies past twice the bound), both sides
 * ended within the bound, on the same mode, and each application read exactly what the peer's
 * wrote. A side that waits while no timer is armed, nothing is in flight and every driver thread is
 * idle waits forever: found at the end, at once.
 *
 * <p>Left out: the connection-manager variant (CS-3/cm, {@code SimulatedCm}). Its driver is a
 * different endpoint ({@code CmEndpoint}) with one side only, no peer, loss or phase; CS-3/cm already
 * answers each step with each of its answers, every one, so there is no interleaving left for a
 * scheduler to choose.
 *
 * <p>Runs only when asked: {@code -Dfabric-tck.explore=random|pct|pos} (or {@code
 * -Dfabric-tck.replay=FILE}). A FAIL names the schedule and the oracle; the failing schedule is a
 * file, {@code schedule-CS-X-explore.txt} next to the result, that {@code -Dfabric-tck.replay}
 * reruns decision by decision. A driver whose {@code openConnectionSetup} returns {@code null} is
 * not applicable, as for CS-1.
 */
@Tag("CS-X")
@RaceWindow(id = "CS-X", title = "exploration", family = Family.CONNECTION_SETUP,
        source = "https://nvd.nist.gov/vuln/detail/CVE-2023-52775",
        bug = "Schedules the catalog does not name: a controlled scheduler (random walk, PCT, POS) chooses every step "
                + "of the driver's threads, which setup message is delivered next, lost or late, when the fast path "
                + "fails, when the server stalls and when a timer fires, on virtual time.",
        interleaving = {
            "the server accepts, the client connects; once set up the applications exchange a request and a reply",
            "the scheduler chooses, at every point of every driver thread, which thread runs on",
            "it also chooses which message or timer due within one delay comes next, which fast-path setup message "
                    + "is lost, when the fast path fails and when (and how long) the server stalls"},
        invariants = {CsWindow.APP_BYTES, CsWindow.AGREE, CsWindow.BOUNDED, CsWindow.RULES},
        onFailure = "Replay the schedule file with -Dfabric-tck.replay=FILE and read its trace in report.html: the "
                + "decisions show which message crossed, was lost or came late, and which timer fired, when the oracle "
                + "broke.")
class CSXExploration {

    static final String WINDOW = "CS-X/explore";

    @Test
    @Variant(id = "explore", title = "setup with losses, crossing and late messages, a failing fast path and a stalled "
            + "server under a scheduler")
    void explore(CsWindow w) {
        Exploration.Settings settings = ExplorationVerdict.settings(WINDOW);
        Session session = w.session();
        String driver = session.driver().name() + " " + session.driver().version();
        // the driver's name() and version() are SPI calls: the window's own thread, which decides, is no driver thread
        w.run().retire(List.of(Thread.currentThread()));
        w.on(Form.MEMORY);
        String driverName = session.driver().name();
        Exploration.Report report = Exploration.explore(settings, (scheduler, seed) -> schedule(w, driverName, scheduler,
                seed));
        ExplorationVerdict.judge(w.run(), () -> driver, WINDOW, settings, report, "");
    }

    /** One schedule: one setup from scratch on the window's network, at virtual time 0. */
    private static Controller.Outcome schedule(CsWindow w, String driverName, Scheduler scheduler, long seed) {
        w.run().trace().restart();
        w.run().trace().add("kit", "schedule with seed " + seed, null);
        Set<Thread> before = new HashSet<>(w.run().threads());
        Controller controller = new Controller();
        Cs world = new Cs(w, controller);
        try {
            Controller.Outcome o = controller.run(w.run(), world, scheduler, w.session().pointTimeout());
            if (world.trial != null && world.trial.noSetup()) {
                Assumptions.abort(CsWindow.noSetup(driverName));
            }
            return o;
        } finally {
            w.setup().endTrial();
            List<Thread> mine = new ArrayList<>(w.run().threads());
            mine.removeAll(before);
            w.run().retire(mine);
        }
    }

    /** The CS scenario's network and oracles. */
    static final class Cs implements World {
        /** At most this many single losses a schedule (the failing fast path aside). */
        static final int MAX_LOSSES = 2;
        static final String LOSE = Controller.ENV + "lose: ";
        static final String FAIL_FAST_PATH = Controller.ENV + "the fast path fails during setup";
        static final String STALL_TO_TIMER = Controller.ENV + "the server stalls until the next timer deadline";
        static final String STALL_HALF_WAY = Controller.ENV + "the server stalls half-way to the next timer deadline";

        private final CsWindow w;
        private final SimulatedSetup setup;
        private final VirtualTime time;
        private final long delay = TimeUnit.MILLISECONDS.toNanos(CsWindow.DELAY_MS);
        private final long bound = TimeUnit.SECONDS.toNanos(CsWindow.SETUP_BOUND_S);
        /** What each enabled action does, by label, as last listed. */
        private final Map<String, Runnable> enabled = new LinkedHashMap<>();
        /** The environment's faults so far, in words, for the failure's details. */
        private final List<String> faults = new ArrayList<>();
        private int losses;
        private boolean fastPathFailed;
        SimulatedSetup.Trial trial;

        private final Controller controller;

        Cs(CsWindow w, Controller controller) {
            this.w = w;
            this.controller = controller;
            this.setup = w.setup();
            this.time = w.time();
        }

        @Override
        public void start() {
            // only queues the two application steps at time 0: no driver code runs before the scheduler chooses
            trial = setup.trial(null);
        }

        @Override
        public List<String> actions() {
            enabled.clear();
            List<VirtualTime.Event> pending = time.pending();
            if (pending.isEmpty() || trial.noSetup() || pending.get(0).at() > 2 * bound) {
                return List.of(); // nothing left, or nothing before twice the bound: the end judges
            }
            // virtual time moves on only while every driver thread is idle, as in the scripted windows: a thread
            // that stopped at a point in the middle of its work is not descheduled for seconds of virtual time
            long now = time.nanos();
            boolean idle = true;
            for (Thread t : w.run().threads()) {
                if (controller.isPaused(t)) {
                    idle = false;
                    break;
                }
            }
            Set<String> lanes = new HashSet<>();
            long kitStep = Long.MAX_VALUE;
            List<VirtualTime.Event> offerable = new ArrayList<>();
            for (VirtualTime.Event e : pending) {
                String lane = trial.lane(e);
                boolean head = lane == null || lanes.add(lane);
                SimulatedSetup.Trial.End to = trial.receiver(e);
                // a message waits for its receiver's application to open (a socket's backlog); an application
                // step or the end of a stall is overtaken by nothing due later
                boolean ready = (to == null || to.opened()) && e.at() <= kitStep;
                if (lane == null && !e.isTimer()) {
                    kitStep = Math.min(kitStep, e.at());
                }
                if (head && ready && (idle || e.at() <= now)) {
                    offerable.add(e);
                }
            }
            // deliver within one delay of the earliest event that can happen now: one that cannot (a message in a
            // backlog, one behind its lane's head) bounds nothing, or the end of a stall past it would never come
            long first = offerable.stream().mapToLong(VirtualTime.Event::at).min().orElse(Long.MAX_VALUE);
            if (first > 2 * bound && first != Long.MAX_VALUE) {
                return List.of(); // nothing that can happen before twice the bound: the end judges
            }
            for (VirtualTime.Event e : offerable) {
                if (e.at() <= first + delay) {
                    add(Controller.ENV + (e.what() == null ? "the stalled server goes on" : e.what()), () -> time.fire(e));
                }
            }
            if (!fastPathFailed) {
                Set<VirtualTime.Event> setupMessages = trial.setupMessagesInFlight();
                if (losses < MAX_LOSSES) {
                    for (VirtualTime.Event e : pending) {
                        if (setupMessages.contains(e)) {
                            add(LOSE + e.what(), () -> {
                                losses++;
                                faults.add("lost at " + time.stamp() + ": " + e.what());
                                trial.lose(e);
                            });
                        }
                    }
                }
                if (!trial.client().ended() && !trial.server().ended()) {
                    add(FAIL_FAST_PATH, () -> {
                        fastPathFailed = true;
                        faults.add("the fast path failed at " + time.stamp());
                        trial.failFastPath();
                    });
                }
            }
            if (!trial.serverStalled() && !trial.server().ended()) {
                long max = TimeUnit.MILLISECONDS.toNanos(CsWindow.PHASE_MAX_MS);
                pending.stream().filter(e -> e.isTimer() && e.at() > now).findFirst().ifPresent(timer -> {
                    long toTimer = Math.min(max, timer.at() - now);
                    add(STALL_TO_TIMER, () -> stall(toTimer));
                    add(STALL_HALF_WAY, () -> stall(toTimer / 2));
                });
            }
            return List.copyOf(enabled.keySet());
        }

        /** Lists an action; a label listed already gets a number, so every option is its own. */
        private void add(String label, Runnable action) {
            String unique = label;
            for (int n = 2; enabled.containsKey(unique); n++) {
                unique = label + " (" + n + ")";
            }
            enabled.put(unique, action);
        }

        private void stall(long nanos) {
            faults.add("the server stalled " + VirtualTime.seconds(nanos) + " at " + time.stamp());
            trial.stallServerNow(nanos, "(a schedule decision)");
        }

        @Override
        public void act(String action) {
            Runnable r = enabled.get(action);
            if (r == null) {
                throw new IllegalArgumentException(action);
            }
            r.run();
        }

        @Override
        public Optional<Failure> judgeAnyState() {
            List<String> thrown = trial.errors();
            for (String e : thrown) {
                if (e.startsWith("Driver.openConnectionSetup") || e.startsWith("SetupEndpoint.")) {
                    throw new WindowNotOpened(e);
                }
            }
            if (!thrown.isEmpty()) {
                return failure(CsWindow.RULES, String.join("; ", thrown));
            }
            String bytes = CsWindow.streamProblem(trial, false);
            if (bytes != null) {
                return failure(CsWindow.APP_BYTES, bytes);
            }
            if (time.nanos() > bound && !trial.ended()) {
                return failure(CsWindow.BOUNDED, "at " + time.stamp() + " " + CsWindow.ends(trial) + "; the bound is "
                        + CsWindow.SETUP_BOUND_S + " s");
            }
            return Optional.empty();
        }

        @Override
        public Optional<Failure> judgeIdle(Optional<String> stuck) {
            return stuck.flatMap(s -> failure(CsWindow.BOUNDED, s));
        }

        @Override
        public Optional<Failure> judgeEnd() {
            if (trial.noSetup()) {
                return Optional.empty();
            }
            String bounded = CsWindow.boundedProblem(trial, time, w.run());
            if (bounded != null) {
                return failure(CsWindow.BOUNDED, bounded);
            }
            String agree = CsWindow.agreementProblem(trial);
            if (agree != null) {
                return failure(CsWindow.AGREE, agree);
            }
            String bytes = CsWindow.streamProblem(trial, true);
            return bytes == null ? Optional.empty() : failure(CsWindow.APP_BYTES, bytes);
        }

        private Optional<Failure> failure(String invariant, String details) {
            String conditions = faults.isEmpty() ? "no message lost, no stall" : String.join(", ", faults);
            return Optional.of(new Failure(invariant, conditions + ", control stream memory with a one-way delay of "
                    + CsWindow.DELAY_MS + " ms: " + details));
        }
    }
}
