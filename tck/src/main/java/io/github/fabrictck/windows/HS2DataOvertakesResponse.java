package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.Match;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.sim.SimulatedFabric;
import io.github.fabrictck.sim.SimulatedFabric.Peer;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * HS-2 data overtakes the hello response.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>Forced: A contacts B; B's hello response to A is parked on the fabric until B's data has
 * reached A and A's receive call returned; then the response is delivered. Where A delivers the data it
 * kept once the response arrived, the thread doing so is held at its call of {@code Fabric.deliver} while
 * B's next data reaches A (the fix of LU-19474 replays early receives; data that comes during the replay
 * must not be kept where the replay no longer looks).
 *
 * <p>Variants high and low run it with A the higher id ({@code 17@kfi}, B {@code 0@kfi}) and
 * with A the lower ({@code 0@kfi}, B {@code 17@kfi}), so that a design that lets only one side of
 * an address tie initiate is met as initiator in one of them. An order whose interleaving the
 * design excludes is NOT_APPLICABLE, after its invariants are judged, with the property that
 * excludes it (A does not initiate towards a lower or higher id; B holds its data until its own
 * side of the handshake is done; B answers A's request with a request of its own, which wins the
 * tie-break, so B sends no response); the other order then judges the design.
 */
@Tag("HS-2")
@RaceWindow(id = "HS-2", title = "data overtakes the hello response", family = Family.PEER_HANDSHAKE,
        source = "https://jira.whamcloud.com/browse/LU-19474",
        bug = "Lustre kfilnd (LU-17839 issue 2, fixed by LU-19474): data sent right after the hello exchange could "
                + "reach the peer before the hello response and was dropped; the fix defers early receives and "
                + "replays them until a deadline.",
        interleaving = {
            "A sends its first message to B: a hello request",
            "B processes A's request and answers with its hello response (and its own request)",
            "B becomes up to date with A and sends its data",
            "the fabric delivers B's data to A before B's hello response",
            "A, not yet up to date with B, must keep the data and deliver it once the response arrives",
            "B's next data reaches A while A is delivering the data it kept: it must be delivered too"},
        invariants = {HsWindow.DELIVERED, HsWindow.SAME_VERSION, HsWindow.RULES},
        onFailure = "Check that data from a peer whose hello is in flight is deferred and replayed once the peer is up "
                + "to date (until a deadline), never dropped, and that data arriving while the kept data is replayed "
                + "is delivered too: open the session in the same step that takes the kept data.")
class HS2DataOvertakesResponse {

    /** B's data that overtakes its hello response. */
    private static final String REPLY = "reply from B";
    /** B's next data, which reaches A while A delivers the data it kept. */
    private static final String NEXT = "next from B";

    @Test
    @Variant(id = "high", title = "A, which contacts B first, is the higher id (17@kfi)")
    void aHigher(HsWindow w) {
        responseParkedUntilDataArrived(w, w.pair(true));
    }

    @Test
    @Variant(id = "low", title = "A, which contacts B first, is the lower id (0@kfi)")
    void aLower(HsWindow w) {
        responseParkedUntilDataArrived(w, w.pair(false));
    }

    /**
     * The script, in one order of ids. Where the design keeps the interleaving from happening (A
     * sends no hello request to B, or B holds its data back until its own side of the handshake is
     * done), it judges what happened and ends NOT_APPLICABLE naming that property.
     */
    private static void responseParkedUntilDataArrived(HsWindow w, Peer[] ab) {
        Peer a = ab[0];
        Peer b = ab[1];
        PeerId aId = a.id();
        PeerId bId = b.id();
        w.parkHelloResponses(b, a);
        a.send(b, "first from A");
        w.quiesce();
        if (w.fabric().wires(x -> x.to().equals(bId) && x.handled()
                && x.message().kind() == WireMessage.Kind.HELLO_REQUEST).isEmpty()) {
            if (w.fabric().helloRequests(aId, bId) == 0) {
                b.send(a, REPLY);
                w.fabric().releaseParked();
                judge(w, a, b);
                throw w.notApplicable("A (" + aId + ") sent no hello request to B (" + bId + ") when its application "
                        + "contacted B first: " + (aId.compareTo(bId) > 0 ? "a higher" : "a lower") + " id does not "
                        + "initiate, so there is no hello response for B's data to overtake in this order");
            }
            throw new WindowNotOpened("B never processed A's hello request");
        }
        b.send(a, REPLY);
        w.quiesce();
        boolean bDataSent = !w.fabric().wires(x -> x.from().equals(bId) && x.message().kind() == WireMessage.Kind.DATA)
                .isEmpty();
        if (w.fabric().parkedCount() > 0 && !bDataSent) {
            int bRequests = w.fabric().helloRequests(bId, aId);
            List<SimulatedFabric.Wire> answers = w.fabric().wires(x -> x.from().equals(aId) && x.to().equals(bId)
                    && x.message().kind() == WireMessage.Kind.HELLO_RESPONSE);
            String answer = bRequests == 0 ? "B sent no hello request of its own"
                    : answers.isEmpty() ? "B sent " + bRequests + " hello request(s) of its own to A, unanswered"
                    : "B sent " + bRequests + " hello request(s) of its own to A, which answered with version "
                    + answers.get(answers.size() - 1).message().version()
                    + (answers.get(answers.size() - 1).message().version() == 0 ? " (a rejection)" : "");
            w.fabric().releaseParked();
            judge(w, a, b);
            throw w.notApplicable("B (" + bId + ") sent no data to A (" + aId + ") while its hello response to A was "
                    + "held back, though its application had sent: B holds its data until its own side of the "
                    + "handshake with A is done (" + answer + "), so its data cannot overtake its response in this order");
        }
        if (w.fabric().parkedCount() == 0 && w.tieBreakWonBy(b, a)) {
            judge(w, a, b);
            throw w.notApplicable("B (" + bId + ") left A (" + aId + ")'s hello request unanswered and sent one of its own, "
                    + "which A answered: " + HsWindow.tieBreak(b, a) + ", so B sends no hello response to A for its data "
                    + "to overtake in this order");
        }
        if (w.fabric().parkedCount() == 0 || w.fabric().wires(x -> x.from().equals(bId) && x.handled()
                && x.message().kind() == WireMessage.Kind.DATA).isEmpty()) {
            throw new WindowNotOpened("B's data did not reach A while B's hello response to A was parked");
        }
        w.run().opened("B (" + bId + ")'s data reached A (" + aId + ") while B's hello response to A was parked on "
                + "the fabric");
        nextDataDuringReplay(w, a, b);
        judge(w, a, b);
    }

    /**
     * The response is delivered; where A then delivers the data it kept to its application, the kit holds that
     * thread at its call of {@code Fabric.deliver} and B's next data reaches A meanwhile: a design that opens the
     * session only after the replay (in a second step) parks it where nobody looks any more. A design that
     * delivered B's data as it arrived has nothing to replay; the script goes on without the hold.
     */
    private static void nextDataDuringReplay(HsWindow w, Peer a, Peer b) {
        PeerId bId = b.id();
        Hold replaying = w.hold("A's delivery of B's data it kept", Match.call("Fabric.deliver")
                .where(args -> bId.equals(args[1]) && args[2] instanceof byte[] m
                        && REPLY.equals(SimulatedFabric.text(m))));
        w.fabric().releaseParked();
        w.quiesce();
        if (!replaying.isHolding()) {
            replaying.release();
            return;
        }
        b.send(a, NEXT);
        w.quiesce();
        boolean handled = !w.fabric().wires(x -> x.from().equals(bId) && x.to().equals(a.id()) && x.handled()
                && x.message().kind() == WireMessage.Kind.DATA && NEXT.equals(SimulatedFabric.text(x.message().payload())))
                .isEmpty();
        // added to the evidence of the overtaking data, which opened the window: both steps stay named
        w.run().opened(w.run().openedHow() + "; then, with B's response delivered, A's thread " + replaying.thread().getName() + " was held at "
                + replaying.point().at() + " delivering the data it had kept, while B's next data "
                + (handled ? "reached A" : "waited in A's receive call for the held thread"));
        replaying.release();
    }

    private static void judge(HsWindow w, Peer a, Peer b) {
        w.judgeEveryMessageDelivered();
        w.judgeVersions(a, b, 2);
        w.judgeRules();
    }
}
