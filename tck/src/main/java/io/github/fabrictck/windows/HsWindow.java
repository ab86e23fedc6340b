package io.github.fabrictck.windows;

import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.RunSettings;
import io.github.fabrictck.engine.VirtualTime;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.sim.SimulatedFabric;
import io.github.fabrictck.sim.SimulatedFabric.Peer;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.opentest4j.TestAbortedException;

/**
 * The fixture of a peer-handshake window: the simulated fabric on virtual time with the driver's
 * endpoints of its peers, and the steps and judgements the HS scripts share. Every message takes
 * {@value #DELAY_MS} ms of virtual time on the wire; the driver's hello timeouts are timers of its
 * context's scheduler, so a script can let them fire in the same instant.
 */
public final class HsWindow extends WindowFixture {

    static final String DELIVERED = "every application message is delivered exactly once, within " + HsWindow.HORIZON_S
            + " s of virtual time";
    static final String SAME_VERSION = "both peers end up connected on the same version, the highest both speak";
    static final String RULES = "the endpoints throw nothing on the fabric's receive threads";
    static final String ONE_HELLO = "at most one hello request per peer is in flight: a peer sends another only after "
            + "one of its timeouts fired";
    static final String CONVERGES = "the pair converges within a bounded number of rounds of hello requests "
            + "(fabric-tck.helloRounds, default 25, each way)";

    /** The one-way delay of every message, in virtual milliseconds. */
    static final long DELAY_MS = 10;
    /** The higher of the two ids of the pair scripts (ids are ordered by name). */
    static final String HIGH = "17@kfi";
    /** The lower of the two ids of the pair scripts. */
    static final String LOW = "0@kfi";
    /** How far ahead of now the script lets virtual time run at most, in seconds. */
    static final long HORIZON_S = 60;
    /** The bound of HS-4: hello requests each way ({@code fabric-tck.helloRounds}, default 25). */
    static final int ROUNDS = Math.max(1, RunSettings.intValue("fabric-tck.helloRounds", 25));

    private final VirtualTime time;
    private final SimulatedFabric fabric;

    HsWindow(WindowRun run, Session session) {
        super(run, session);
        this.time = new VirtualTime(run, session.pointTimeout());
        this.fabric = new SimulatedFabric(run, session.driver(), time, TimeUnit.MILLISECONDS.toNanos(DELAY_MS));
    }


    /** The simulated fabric. */
    public SimulatedFabric fabric() {
        return fabric;
    }

    /** The window's virtual time. */
    public VirtualTime time() {
        return time;
    }

    /** Adds a peer that speaks these versions and opens its endpoint. */
    public Peer peer(String name, Integer... versions) {
        Peer p = fabric.peer(name, List.of(versions));
        time.awaitIdle();
        try {
            p.endpoint();
        } catch (RuntimeException e) {
            throw new WindowNotOpened("Driver.openHandshake failed for peer " + name + ": " + e);
        }
        return p;
    }

    /**
     * The two peers of the pair scripts, A the higher id: A ({@code 17@kfi}, versions 1 and 2) and B
     * ({@code 0@kfi}, versions 2 and 3), who must agree on version 2.
     */
    public Peer[] pair() {
        return pair(true);
    }

    /**
     * The two peers of the pair scripts: A (versions 1 and 2) and B (versions 2 and 3), who must
     * agree on version 2. With {@code aHigher} A is {@value #HIGH} and B {@value #LOW}, else the
     * other way round, so that a design that breaks ties by address is met in both orders.
     */
    public Peer[] pair(boolean aHigher) {
        return new Peer[] {peer(aHigher ? HIGH : LOW, 1, 2), peer(aHigher ? LOW : HIGH, 2, 3)};
    }

    /**
     * Ends the variant NOT_APPLICABLE: the window's interleaving cannot happen on this design, for
     * the reason given, which names the design property. Call it after judging what did happen, so
     * that a broken invariant is still a FAIL.
     */
    public TestAbortedException notApplicable(String why) {
        run.trace().add("kit", time.stamp() + " not applicable: " + why, null);
        return new TestAbortedException(why);
    }

    /**
     * Runs {@code body} on a fresh fixture of the same window run: its own fabric, virtual time and peers. Its fabric
     * is closed after, and the threads it started are retired from the run.
     */
    <T> T onFresh(java.util.function.Function<HsWindow, T> body) {
        java.util.Set<Thread> before = new java.util.HashSet<>(run.threads());
        HsWindow fresh = new HsWindow(run, session);
        try {
            return body.apply(fresh);
        } finally {
            fresh.fabric().close();
            List<Thread> mine = new ArrayList<>(run.threads());
            mine.removeAll(before);
            run.retire(mine);
        }
    }

    /** From now on, parks the hello responses {@code from} sends to {@code to}. */
    public void parkHelloResponses(Peer from, Peer to) {
        fabric.park(x -> x.from().equals(from.id()) && x.to().equals(to.id())
                && x.message().kind() == WireMessage.Kind.HELLO_RESPONSE);
    }

    /** Both applications send their first message to each other in the same virtual instant. */
    public void sendAtTheSameInstant(Peer a, String toB, Peer b, String toA) {
        a.send(b, toB);
        b.send(a, toA);
    }

    /** Every application sends its first message to every other peer, all in the same virtual instant. */
    public void sendAllToAllAtTheSameInstant(List<Peer> peers) {
        for (Peer p : peers) {
            for (Peer q : peers) {
                if (q != p) {
                    p.send(q, "from " + p.id() + " to " + q.id());
                }
            }
        }
    }

    /** Whether {@code from} has put a hello response to {@code to} on the wire (delivered, parked or on its way). */
    public boolean answered(Peer from, Peer to) {
        return !fabric.wires(x -> x.from().equals(from.id()) && x.to().equals(to.id())
                && x.message().kind() == WireMessage.Kind.HELLO_RESPONSE).isEmpty();
    }

    /**
     * Whether the handshake between A and B was settled by a tie-break in B's favour: B left A's hello request
     * unanswered and sent one of its own, which A answered. Then B sends no hello response to A in this order.
     */
    public boolean tieBreakWonBy(Peer b, Peer a) {
        return !answered(b, a) && answered(a, b) && fabric.helloRequests(b.id(), a.id()) > 0;
    }

    /** The tie-break of {@link #tieBreakWonBy} in words: {@code the tie-break lets the lower id's request win}. */
    static String tieBreak(Peer b, Peer a) {
        return "the tie-break lets the " + (b.id().compareTo(a.id()) < 0 ? "lower" : "higher") + " id's request win";
    }

    /** Runs virtual time until nothing is left to happen within the horizon. */
    public void settle() {
        runUntil(() -> false);
    }

    /**
     * Runs virtual time until the fabric has run to quiescence: nothing on its way, nothing left to
     * happen but the driver's timers.
     */
    public void quiesce() {
        runUntil(time::onlyTimersLeft);
    }

    /** Runs virtual time until {@code done} holds (checked whenever the driver is idle) or nothing is left to happen. */
    public void runUntil(BooleanSupplier done) {
        time.runUntil(time.nanos() + TimeUnit.SECONDS.toNanos(HORIZON_S), done);
    }

    // ---------------------------------------------------------------- judgements

    /**
     * Lets time run out, then: every application message reached the other application exactly
     * once. A message that is neither delivered nor on its way, with no timer armed, would never
     * arrive: that is said too.
     */
    public void judgeEveryMessageDelivered() {
        settle();
        judgeDelivered();
    }

    /** Every application message reached the other application exactly once, now (time does not run). */
    public void judgeDelivered() {
        List<String> problems = fabric.deliveryProblems();
        if (!problems.isEmpty()) {
            boolean dead = !time.hasEvents() && !fabric.inFlight() && fabric.parkedCount() == 0;
            throw new InvariantViolation(DELIVERED, String.join("; ", problems) + (dead ? "; at " + time.stamp()
                    + " nothing is on its way, no timer is armed and every driver thread is idle" : ""));
        }
    }

    /** Both peers report the same negotiated version, the one expected. */
    public void judgeVersions(Peer a, Peer b, int expected) {
        judgeVersions(List.of(a, b), expected);
    }

    /** Every pair of peers reports the same negotiated version, the one expected. */
    public void judgeVersions(List<Peer> peers, int expected) {
        // Ask every peer about every other on its application thread at once, then wait for them all.
        Map<Peer[], CompletableFuture<Integer>> asked = new LinkedHashMap<>();
        for (Peer a : peers) {
            for (Peer b : peers) {
                if (a != b) {
                    asked.put(new Peer[] {a, b}, a.call("negotiatedVersion(" + b.id() + ")",
                            () -> a.endpoint().negotiatedVersion(b.id())));
                }
            }
        }
        time.awaitIdle();
        List<String> wrong = new ArrayList<>();
        asked.forEach((pair, version) -> {
            int v = version.join();
            if (v != expected) {
                wrong.add(pair[0].id() + " is on version " + v + " with " + pair[1].id());
            }
        });
        if (!wrong.isEmpty()) {
            throw new InvariantViolation(SAME_VERSION, wrong.size() + " pair(s) not on version " + expected
                    + " (the highest both speak), first: " + String.join("; ", wrong.subList(0, Math.min(5, wrong.size()))));
        }
    }

    /** No peer sent a hello request while an earlier one to the same peer was in flight. */
    public void judgeOneHelloInFlight() {
        List<String> duplicates = fabric.duplicateHellos();
        if (!duplicates.isEmpty()) {
            throw new InvariantViolation(ONE_HELLO, String.join("; ", duplicates));
        }
    }

    /** The pair converged within {@link #ROUNDS} hello requests each way. */
    public void judgeConverges(Peer a, Peer b) {
        int rounds = rounds(a.id(), b.id());
        if (rounds > ROUNDS) {
            throw new InvariantViolation(CONVERGES, "after " + rounds + " rounds the pair has not converged: "
                    + a.id() + " sent " + fabric.helloRequests(a.id(), b.id()) + " hello requests to " + b.id() + ", "
                    + b.id() + " sent " + fabric.helloRequests(b.id(), a.id()) + " to " + a.id() + ", until "
                    + time.stamp() + "; " + answers());
        }
    }

    /** The rounds of hello requests between two peers: the most requests either sent to the other. */
    int rounds(PeerId a, PeerId b) {
        return Math.max(fabric.helloRequests(a, b), fabric.helloRequests(b, a));
    }

    /** How the hello requests were answered, in words. */
    private String answers() {
        List<SimulatedFabric.Wire> responses = fabric.wires(x -> x.message().kind() == WireMessage.Kind.HELLO_RESPONSE);
        if (responses.isEmpty()) {
            return "no hello request was answered";
        }
        SimulatedFabric.Wire last = responses.get(responses.size() - 1);
        long rejects = responses.stream().filter(x -> x.message().version() == 0).count();
        return responses.size() + " hello responses, " + rejects + " of them version 0 (a rejection); the last, from "
                + last.from() + " at " + VirtualTime.seconds(last.sentAt()) + ", carried version "
                + last.message().version();
    }

    /** No endpoint threw on a receive thread. */
    public void judgeRules() {
        List<String> errors = fabric.handlerErrors();
        if (!errors.isEmpty()) {
            throw new InvariantViolation(RULES, String.join("; ", errors));
        }
    }

    @Override
    List<String> driverClassNames() {
        return fabric.endpointClassNames();
    }

    @Override
    public void close() {
        run.finish();
        fabric.close();
    }
}
