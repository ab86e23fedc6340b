package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.Match;
import io.github.fabrictck.engine.RunSettings;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.sim.SimulatedFabric;
import io.github.fabrictck.sim.SimulatedFabric.Peer;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * HS-1 crossing hellos.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>Forced: A and B send their first message to each other in the same instant and the hello
 * requests cross on the wire. A's processing of every hello from B is held on its first receive
 * thread: first B's request, while B processes A's request and runs to quiescence; then B's
 * response, while B (now up to date) sends its data, which reaches A on the second receive thread,
 * as in the original log where the hello and the dropped message were handled on different CPUs.
 *
 * <p>Variants pair-high and pair-low run this with A the higher id ({@code 17@kfi}, B
 * {@code 0@kfi}) and with A the lower ({@code 0@kfi}, B {@code 17@kfi}), so that a design that
 * breaks the tie by address is met on both sides of its rule. An order whose interleaving the
 * design excludes is NOT_APPLICABLE, after its invariants are judged, with the property that
 * excludes it: B sends no hello of its own to A (the hellos cannot cross), or B leaves A's
 * crossing request unanswered because A answers B's (A's handshake is done by its own answer).
 * The other order then judges the design.
 *
 * <p>Variant all-to-all runs the same first contact among N peers at once (default 8,
 * {@code -Dfabric-tck.peers}): every hello request is sent in the same virtual instant, so all
 * cross on the wire (a design that sends one per pair, by a tie-break of addresses, has one per
 * pair on the wire at once: the evidence counts the pairs whose requests crossed); data waits until the hello exchanges are over; it judges that the exchanges converge, every message arrives once and every
 * pair agrees on the version, at scale.
 */
@Tag("HS-1")
@RaceWindow(id = "HS-1", title = "crossing hellos", family = Family.PEER_HANDSHAKE,
        source = "https://jira.whamcloud.com/browse/LU-17839",
        bug = "Lustre kfilnd (LU-17839): when two peers contacted each other for the first time at the same moment, "
                + "one marked the other up to date on its hello request and sent data that the other, which had not "
                + "processed the hello response yet, dropped as coming from a stale peer.",
        interleaving = {
            "A and B send their first message to each other at the same moment; the hello requests cross",
            "B processes A's request (A's processing of B's hellos is held on one receive thread)",
            "pre-fix, B marks A up to date on that request and sends its data; fixed, B answers and waits for A's "
                    + "response, then sends its data",
            "B's data reaches A on another receive thread while A has not processed B's hello response: A, which "
                    + "still sees B as new, must keep it, not drop it \"due to stale peer\"",
            "A processes B's hellos: the handshake completes and B's first message must still reach A's application"},
        invariants = {HsWindow.DELIVERED, HsWindow.SAME_VERSION, HsWindow.RULES},
        onFailure = "Check that only a hello response makes a peer up to date, that a request from a new peer makes "
                + "the receiver send its own request, and that early data is deferred and replayed, never dropped.")
class HS1CrossingHellos {

    /** How many peers the all-to-all variant starts ({@code -Dfabric-tck.peers}, default 8). */
    static final int PEERS = RunSettings.intValue("fabric-tck.peers", 8);

    @Test
    @Variant(id = "pair-high", title = "A, the higher id (17@kfi), has its hello processing held while B's data arrives")
    void pairHigh(HsWindow w) {
        crossingHellos(w, w.pair(true));
    }

    @Test
    @Variant(id = "pair-low", title = "A, the lower id (0@kfi), has its hello processing held while B's data arrives")
    void pairLow(HsWindow w) {
        crossingHellos(w, w.pair(false));
    }

    /**
     * The pair script, in one order of ids. Where the driver's design keeps the interleaving from
     * happening in this order (B sends no hello of its own, or a tie-break leaves A nothing to wait
     * for), it judges what happened and ends NOT_APPLICABLE naming that property.
     */
    private static void crossingHellos(HsWindow w, Peer[] ab) {
        Peer a = ab[0];
        Peer b = ab[1];
        PeerId aId = a.id();
        PeerId bId = b.id();
        Thread helloThread = a.receiveThreads().get(0);
        Hold request = w.hold("A's processing of B's hello request", Match.entry("onReceive").on(helloThread)
                .where(args -> bId.equals(args[0]) && ((WireMessage) args[1]).kind() == WireMessage.Kind.HELLO_REQUEST));
        // Both first sends in the same virtual instant: the hello requests cross on the wire.
        w.sendAtTheSameInstant(a, "first from A", b, "first from B");
        w.quiesce();
        if (!request.isHolding()) {
            if (w.fabric().helloRequests(bId, aId) == 0 && w.fabric().helloRequests(aId, bId) > 0) {
                request.release();
                judge(w, a, b);
                throw w.notApplicable("B (" + bId + ") sent no hello request of its own to A (" + aId + "), a "
                        + (aId.compareTo(bId) < 0 ? "lower" : "higher") + " id, though both applications sent in the "
                        + "same instant: only A's hello went out, so the hellos cannot cross in this order");
            }
            throw new WindowNotOpened("A's processing of B's hello request was not held while B ran");
        }
        Hold response = w.hold("A's processing of B's hello response", Match.entry("onReceive").on(helloThread)
                .where(args -> bId.equals(args[0]) && ((WireMessage) args[1]).kind() == WireMessage.Kind.HELLO_RESPONSE));
        request.release();
        // B becomes up to date and its data reaches A while A's processing of B's response is held.
        w.quiesce();
        boolean dataDuringHold = response.isHolding() && !w.fabric().wires(x -> x.from().equals(bId)
                && x.to().equals(aId) && x.handled() && x.message().kind() == WireMessage.Kind.DATA).isEmpty();
        if (!dataDuringHold) {
            boolean aAnswered = w.answered(a, b);
            if (!response.isReached() && aAnswered && w.fabric().helloRequests(aId, bId) == 0) {
                response.release();
                judge(w, a, b);
                throw w.notApplicable("A (" + aId + ") sent no hello request of its own to B (" + bId + "), a "
                        + (bId.compareTo(aId) < 0 ? "lower" : "higher") + " id, though both applications sent in the "
                        + "same instant; it answered B's: only B's hello went out, so the hellos cannot cross in this order");
            }
            if (!response.isReached() && !w.answered(b, a) && aAnswered) {
                response.release();
                judge(w, a, b);
                throw w.notApplicable("B (" + bId + ") left A's crossing hello request unanswered and A (" + aId
                        + ") answered B's: " + HsWindow.tieBreak(b, a) + ", so A's handshake is done by its own answer "
                        + "and no hello response of B is left for B's data to overtake in this order");
            }
            throw new WindowNotOpened("B's data did not reach A while A's processing of B's hellos was held");
        }
        w.run().opened("A (" + aId + ")'s processing of B (" + bId + ")'s hellos was held at " + request.point().at()
                + " (request, then response) while B processed A's crossing request and B's data reached A on "
                + "another receive thread");
        response.release();
        judge(w, a, b);
    }

    private static void judge(HsWindow w, Peer a, Peer b) {
        w.judgeEveryMessageDelivered();
        w.judgeVersions(a, b, 2);
        w.judgeRules();
    }

    @Test
    @Variant(id = "all-to-all", title = "first contact among N peers at once (fabric-tck.peers, default 8)")
    void allToAllFirstContact(HsWindow w) {
        List<Peer> peers = new ArrayList<>();
        for (int i = 0; i < PEERS; i++) {
            peers.add(w.peer(i + "@kfi", 1, 2));
        }
        // Data waits until the hello exchanges are over; every request is sent in the same instant.
        w.fabric().park(x -> x.message().kind() == WireMessage.Kind.DATA);
        w.sendAllToAllAtTheSameInstant(peers);
        int pairs = PEERS * (PEERS - 1);
        // Stop once every first request is out, or as soon as one is handled (a design may send one per pair).
        w.runUntil(() -> w.fabric().wires(x -> x.message().kind() == WireMessage.Kind.HELLO_REQUEST).size() >= pairs
                || !w.fabric().wires(x -> x.message().kind() == WireMessage.Kind.HELLO_REQUEST && x.handled()).isEmpty());
        List<SimulatedFabric.Wire> first = w.fabric().wires(x -> x.message().kind() == WireMessage.Kind.HELLO_REQUEST
                && x.sentAt() == 0);
        Set<String> directions = new HashSet<>();
        Set<String> unordered = new HashSet<>();
        for (SimulatedFabric.Wire x : first) {
            directions.add(x.from() + ">" + x.to());
            unordered.add(x.from().compareTo(x.to()) < 0 ? x.from() + "~" + x.to() : x.to() + "~" + x.from());
        }
        int crossed = (int) unordered.stream().filter(u -> {
            String[] ends = u.split("~");
            return directions.contains(ends[0] + ">" + ends[1]) && directions.contains(ends[1] + ">" + ends[0]);
        }).count();
        // Sent at 0, they were all on the wire together: none can arrive before the one-way delay.
        if (unordered.size() < pairs / 2) {
            throw new WindowNotOpened("the first hello requests of all " + pairs / 2 + " pairs were not on the wire at "
                    + "once (" + first.size() + " sent in the first instant, covering " + unordered.size() + " pairs)");
        }
        w.run().opened("the first hello requests of all " + pairs / 2 + " pairs of " + PEERS + " peers were on the wire in "
                + "the same instant (" + first.size() + " requests; " + crossed + " pair(s) with requests crossing)");
        w.quiesce();
        w.fabric().releaseParked();
        w.judgeEveryMessageDelivered();
        w.judgeVersions(peers, 2);
        w.judgeRules();
    }
}
