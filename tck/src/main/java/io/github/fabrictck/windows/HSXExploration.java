package io.github.fabrictck.windows;

import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.VirtualTime;
import io.github.fabrictck.explore.Controller;
import io.github.fabrictck.explore.Exploration;
import io.github.fabrictck.explore.Scheduler;
import io.github.fabrictck.explore.World;
import io.github.fabrictck.sim.SimulatedFabric;
import io.github.fabrictck.sim.SimulatedFabric.Peer;
import io.github.fabrictck.spi.Family;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * HS-X exploration of the peer-handshake family: no scripted hold; a scheduler decides every step.
 *
 * <p>Scenario (the workload of the HS windows): two peers, A ({@code 17@kfi}, versions 1 and 2)
 * and B ({@code 0@kfi}, versions 2 and 3), make first contact at once: each application sends two
 * messages to the other. Every driver thread (each peer's application thread, its two receive
 * threads, its timer thread) stops at every point it passes; whenever every driver thread is
 * stopped or idle the scheduler chooses which stopped thread runs on, or what the environment does:
 * deliver one of the messages on the wire (any of them, so hellos cross and data overtakes a
 * response; handshake messages on a peer's first receive thread, data on its second, as in the
 * scripted windows), or let virtual time run to the next deadline of the driver's timers (a
 * timeout firing is a decision; the messages still on the wire are late). The fabric loses
 * nothing: the SPI promises every message exactly once, in any order, and lateness is a decision,
 * bounded: time runs on only while every message on the wire has been overtaken by fewer than
 * {@value #LATE} of the driver's deadlines (the later instants at which an endpoint sent a message,
 * a timeout that retried; a periodic tick at which no timeout was due yet does nothing and is none),
 * and only while no thread of either endpoint has work (as on the kit's virtual time, processing
 * takes none).
 * Time runs at most {@value HsWindow#HORIZON_S} s of virtual time.
 *
 * <p>Oracles, those of HS-1..HS-4 (the same code, {@link HsWindow}), judge every state: no endpoint
 * throws on a receive thread, at most one hello request per peer in flight, the pair converges
 * within the bound of rounds, after every decision; the stuck detector whenever every thread is
 * idle; at the end, every application message delivered exactly once, then both peers on version 2.
 *
 * <p>Runs only when asked: {@code -Dfabric-tck.explore=random|pct|pos} (or {@code
 * -Dfabric-tck.replay=FILE}). A FAIL names the schedule and the oracle; the failing schedule is the
 * file {@code schedule-HS-X-explore.txt} next to the result.
 */
@Tag("HS-X")
@RaceWindow(id = "HS-X", title = "exploration", family = Family.PEER_HANDSHAKE,
        source = "https://github.com/cmu-pasta/fray",
        bug = "Schedules the catalog does not name: a controlled scheduler (random walk, PCT, POS) chooses every step "
                + "of the endpoints' threads, the order in which the fabric delivers the messages on the wire and when "
                + "the driver's hello timeouts fire, on first contact between two peers.",
        interleaving = {
            "A and B make first contact at once: each application sends two messages to the other",
            "the scheduler chooses, at every point of every driver thread, which thread runs on",
            "it also chooses which message on the wire arrives next (hellos cross, data overtakes a response) and "
                    + "when virtual time runs to the next timeout of the driver"},
        invariants = {HsWindow.DELIVERED, HsWindow.SAME_VERSION, HsWindow.ONE_HELLO, HsWindow.CONVERGES,
            HsWindow.RULES, HSXExploration.NOT_STUCK},
        onFailure = "Replay the schedule file with -Dfabric-tck.replay=FILE and read its trace in report.html: the "
                + "decisions show which message arrived and which thread ran where when the oracle broke.")
class HSXExploration {

    static final String NOT_STUCK = "no driver thread is stuck (the kit's stuck detector)";
    static final String WINDOW = "HS-X/explore";
    /** Messages each application sends to the other (two, so that two can wait for one hello). */
    static final int MESSAGES = 2;
    /**
     * How late a message may be: time runs to the driver's next deadline only while every message on
     * the wire has seen fewer than this of the later instants at which an endpoint sent something.
     * Late enough for a timeout to fire before the response (HS-3), also when a periodic tick checks
     * it (the ticks before the timeout is due send nothing), bounded so that a driver that retries
     * for ever is not judged on a fabric that never delivers (the SPI's fabric delivers every message).
     */
    static final int LATE = 2;

    @Test
    @Variant(id = "explore", title = "first contact between two peers, message order and timeouts under a scheduler")
    void explore(HsWindow w) {
        Exploration.Settings settings = ExplorationVerdict.settings(WINDOW);
        warmUp(w);
        Exploration.Report report = Exploration.explore(settings, (scheduler, seed) -> schedule(w, scheduler, seed));
        // the driver's name is asked only for a FAIL: a call into the driver on this thread would make it a driver thread
        ExplorationVerdict.judge(w.run(), () -> w.session().driver().name() + " " + w.session().driver().version(),
                WINDOW, settings, report, "");
    }

    /**
     * Runs the workload once on a fresh fabric, freely on virtual time and unjudged, before the exploration's clock
     * starts: the driver's classes are loaded and rewritten then, not in its first schedule (as CQ-X's fixture opens
     * its endpoint first). What it would find, the schedules find.
     */
    private static void warmUp(HsWindow window) {
        window.onFresh(w -> {
            try {
                Peer[] ab = w.pair();
                for (int i = 1; i <= MESSAGES; i++) {
                    w.sendAtTheSameInstant(ab[0], "message " + i + " from A", ab[1], "message " + i + " from B");
                }
                w.runUntil(() -> w.fabric().everyMessageDeliveredOnce());
            } catch (RuntimeException e) {
                w.run().trace().add("kit", "the unjudged first run of the workload ended with " + e, null);
            }
            return null;
        });
    }

    /** One schedule on a fresh fabric, virtual time and pair of endpoints. */
    private static Controller.Outcome schedule(HsWindow window, Scheduler scheduler, long seed) {
        window.run().trace().restart();
        window.run().trace().add("kit", "schedule with seed " + seed, null);
        return window.onFresh(w -> {
            Peer[] ab = w.pair();
            // every message stays on the wire until the scheduler delivers it
            w.fabric().park(x -> true);
            Hs world = new Hs(w, ab[0], ab[1]);
            Controller.Outcome o = new Controller().run(w.run(), world, scheduler, w.session().pointTimeout());
            if (o.failure() != null) {
                return o;
            }
            // the driver's threads are the kit's again: ask both endpoints for their versions
            Optional<World.Failure> versions = violation(() -> w.judgeVersions(ab[0], ab[1], 2));
            return versions.map(f -> new Controller.Outcome(o.decisions(), o.fingerprint(), f)).orElse(o);
        });
    }

    /** An HS window's judgement as an oracle's finding. */
    static Optional<World.Failure> violation(Runnable judge) {
        try {
            judge.run();
            return Optional.empty();
        } catch (InvariantViolation v) {
            return Optional.of(new World.Failure(v.invariant(), details(v)));
        }
    }

    /** What a violation saw: its message without the invariant's name. */
    private static String details(InvariantViolation v) {
        String m = String.valueOf(v.getMessage());
        return m.startsWith(v.invariant() + ": ") ? m.substring(v.invariant().length() + 2) : m;
    }

    /** The HS scenario's environment and oracles. */
    private static final class Hs implements World {
        static final String DELIVER = Controller.ENV + "deliver ";
        static final String TIME = Controller.TIME;

        private final HsWindow w;
        private final Peer a;
        private final Peer b;
        private final long horizon;
        /** The instants time ran to, in order. */
        private final List<Long> instants = new ArrayList<>();

        Hs(HsWindow w, Peer a, Peer b) {
            this.w = w;
            this.a = a;
            this.b = b;
            this.horizon = w.time().nanos() + TimeUnit.SECONDS.toNanos(HsWindow.HORIZON_S);
        }

        @Override
        public void start() {
            // first contact at once: each application sends its messages to the other, on its own thread
            for (int i = 1; i <= MESSAGES; i++) {
                a.sendNow(b, "message " + i + " from A");
                b.sendNow(a, "message " + i + " from B");
            }
        }

        @Override
        public List<String> actions() {
            return actions(List.of());
        }

        @Override
        public List<String> actions(List<String> stopped) {
            List<String> actions = new ArrayList<>();
            List<SimulatedFabric.Wire> parked = w.fabric().parked();
            for (SimulatedFabric.Wire x : parked) {
                actions.add(DELIVER + x.describe());
            }
            long next = w.time().nextEventAt();
            // processing takes no virtual time: time runs on only once both endpoints have nothing to do, neither
            // the kit's threads for them nor a thread the driver started (a control thread with commands queued,
            // stopped at a point, ran behind 25 hello timeouts of its own: a false "has not converged")
            if (next >= 0 && next <= horizon && stopped.isEmpty() && !a.busy() && !b.busy()
                    && lateByFewerThan(LATE, parked)) {
                actions.add(TIME + VirtualTime.seconds(next) + " (the driver's timers due then fire)");
            }
            return actions;
        }

        /**
         * Whether every message on the wire has been overtaken by fewer than {@code late} of the
         * driver's deadlines: later instants time ran to at which an endpoint sent a hello request (a
         * hello timeout that retried). An instant at which the timers due sent no hello request, such
         * as a periodic housekeeping tick with no timeout due yet, is not one, nor is one at which
         * they sent something else (a keepalive on every tick): counting those, a driver that checks a
         * 1 s timeout on a 200 ms tick saw every message delivered before its timeout could fire.
         * Processing takes no virtual time, so a request an endpoint sent after time ran to an instant
         * was sent at that instant. A driver that never retries is bounded by the horizon alone.
         */
        private boolean lateByFewerThan(int late, List<SimulatedFabric.Wire> parked) {
            if (parked.isEmpty()) {
                return true;
            }
            Set<Long> sending = new HashSet<>();
            for (SimulatedFabric.Wire x : w.fabric().wires(x -> true)) {
                if (x.message().kind() == io.github.fabrictck.spi.hs.WireMessage.Kind.HELLO_REQUEST) {
                    sending.add(x.sentAt());
                }
            }
            for (SimulatedFabric.Wire x : parked) {
                int n = 0;
                for (int i = instants.size() - 1; i >= 0 && instants.get(i) > x.sentAt(); i--) {
                    if (sending.contains(instants.get(i))) {
                        n++;
                    }
                }
                if (n >= late) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public void act(String action) {
            if (action.startsWith(DELIVER)) {
                for (SimulatedFabric.Wire x : w.fabric().parked()) {
                    if (action.equals(DELIVER + x.describe())) {
                        w.fabric().deliverNow(x);
                        return;
                    }
                }
            } else if (action.startsWith(TIME)) {
                w.time().runNextInstant();
                instants.add(w.time().nanos());
                return;
            }
            throw new IllegalArgumentException(action);
        }

        @Override
        public Optional<Failure> judgeAnyState() {
            return first(() -> w.judgeRules(), () -> w.judgeOneHelloInFlight(), () -> w.judgeConverges(a, b));
        }

        @Override
        public Optional<Failure> judgeIdle(Optional<String> stuck) {
            return stuck.map(s -> new Failure(NOT_STUCK, s));
        }

        @Override
        public Optional<Failure> judgeEnd() {
            return first(() -> w.judgeDelivered());
        }

        private static Optional<Failure> first(Runnable... judges) {
            for (Runnable judge : judges) {
                Optional<Failure> f = violation(judge);
                if (f.isPresent()) {
                    return f;
                }
            }
            return Optional.empty();
        }
    }
}
