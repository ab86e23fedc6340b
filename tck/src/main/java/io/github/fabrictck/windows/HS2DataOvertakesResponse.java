package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hit;
import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.Match;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
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

    @Test
    @Variant(id = "concurrent", title = "A processes B's data and B's hello response at once: its processing of either "
            + "held at each of its points while the other is processed")
    void concurrent(HsWindow w) {
        List<String> opened = new java.util.ArrayList<>();
        List<String> cannot = new java.util.ArrayList<>();
        for (WireMessage.Kind held : new WireMessage.Kind[] {WireMessage.Kind.DATA, WireMessage.Kind.HELLO_RESPONSE}) {
            String why = null;
            for (boolean aHigher : new boolean[] {true, false}) {
                String order = concurrentSearch(w, aHigher, held);
                if (order == null) {
                    why = null;
                    opened.add(w.run().openedHow());
                    break;
                }
                why = why == null ? order : why + "; " + order;
            }
            if (why != null) {
                cannot.add(why);
            }
        }
        if (opened.isEmpty()) {
            throw w.notApplicable(String.join("; ", cannot));
        }
        w.run().opened(String.join("; ", opened) + (cannot.isEmpty() ? "" : "; the other way round: "
                + String.join("; ", cannot)));
    }

    /** What a message of B's to A is called in the evidence. */
    private static String named(WireMessage.Kind kind) {
        return kind == WireMessage.Kind.DATA ? "B's data" : "B's hello response";
    }

    /** The other of the two messages the search crosses. */
    private static WireMessage.Kind other(WireMessage.Kind kind) {
        return kind == WireMessage.Kind.DATA ? WireMessage.Kind.HELLO_RESPONSE : WireMessage.Kind.DATA;
    }

    /**
     * The search in one order of ids, with A's processing of one of B's two messages held, or why that order cannot
     * open it. A first, unheld run brings B's data and B's hello response to A's side of the wire, both parked;
     * records the points A's threads pass while the {@code held} one alone is delivered; then delivers the other and
     * is judged. Each point is then tried on a fresh fabric: A's processing of the {@code held} message held there,
     * the other delivered and processed meanwhile, the hold released. A design that decided what to do with the data
     * before the response was processed, and acts on that decision after (parks it for a replay already done), loses
     * it; so does one that took what to replay before the data was kept, and replays that (a snapshot read before its
     * state changed).
     *
     * @return {@code null} when the order was judged (PASS or FAIL), else why it cannot open the window
     */
    private static String concurrentSearch(HsWindow w, boolean aHigher, WireMessage.Kind held) {
        WindowRun run = w.run();
        FirstRun first = w.onFresh(f -> {
            Peer[] ab = f.pair(aHigher);
            String cannot = bothParked(f, ab[0], ab[1]);
            List<Hit> hits = List.of();
            if (cannot == null) {
                run.startRecording();
                try {
                    f.fabric().release(message(ab[1], ab[0], held));
                    f.quiesce();
                } finally {
                    hits = run.stopRecording();
                }
            }
            f.fabric().releaseParked();
            f.quiesce();
            judge(f, ab[0], ab[1]); // the unheld run is judged, but is no evidence of its own
            return new FirstRun(cannot, hits);
        });
        if (first.cannot() != null) {
            return first.cannot();
        }
        List<Hit> hits = first.hits();
        List<Hit> placements = CqSearch.placements(hits, t -> true);
        int opened = 0;
        int stalled = 0;
        int notReached = 0;
        FirstOpened firstOpened = new FirstOpened();
        for (Hit p : placements) {
            run.trace().restart();
            run.restartHoldRecords();
            run.trace().add("kit", "trial: hold " + p.describe() + " while A processes " + named(held), null);
            String how = w.onFresh(x -> concurrentTrial(x, aHigher, p, held));
            if (how == null) {
                notReached++;
            } else if (how.isEmpty()) {
                stalled++;
            } else {
                opened++;
                firstOpened.record(run, how);
            }
        }
        if (opened > 0) {
            firstOpened.restore(run);
            run.opened(opened + " of " + placements.size() + " placements of A's processing of " + named(held)
                    + " opened the window, every message was delivered in each; first: " + firstOpened.how()
                    + (stalled == 0 ? "" : "; in " + stalled + " more, A's receive call for " + named(other(held))
                    + " returned only after the held thread went on"));
            return null;
        }
        if (stalled > 0) {
            return "wherever A's processing of " + named(held) + " was held (" + stalled + " placements), A's receive "
                    + "call for " + named(other(held)) + " returned only after it went on (one thread, or one lock, "
                    + "for both): with A the " + (aHigher ? "higher" : "lower") + " id they never interleave";
        }
        throw new WindowNotOpened("no placement of A's processing of " + named(held) + " was reached again ("
                + placements.size() + " placements, " + notReached + " not reached" + (placements.isEmpty() ? ""
                : "; first: " + placements.get(0).describe()) + ")");
    }

    /** What the first, unheld run of an order saw: why the order cannot open the window, or the points passed. */
    private record FirstRun(String cannot, List<Hit> hits) {
    }

    /**
     * One placement on a fresh fabric: {@code null} when it was not reached, empty when A processed the other message
     * only after the release, else how the window opened. Judged whichever.
     */
    private static String concurrentTrial(HsWindow x, boolean aHigher, Hit p, WireMessage.Kind held) {
        Peer[] ab = x.pair(aHigher);
        Peer a = ab[0];
        Peer b = ab[1];
        if (bothParked(x, a, b) != null) {
            x.fabric().releaseParked();
            x.quiesce();
            judge(x, a, b);
            return null;
        }
        Hold hold = x.hold(p.describe(), p.again());
        x.fabric().release(message(b, a, held));
        x.quiesce();
        if (!hold.isHolding()) {
            x.run().forget(hold);
            x.fabric().releaseParked();
            x.quiesce();
            judge(x, a, b);
            return null;
        }
        x.fabric().releaseParked();
        x.quiesce();
        // what the kit forced is the delivery: A's receive call for the other message returned while the held
        // message's thread was held (whether A then processed it at once or queued it behind the held step is the
        // design's)
        WireMessage.Kind crossing = other(held);
        boolean returned = !x.fabric().wires(m -> m.from().equals(b.id()) && m.to().equals(a.id()) && m.handled()
                && m.message().kind() == crossing).isEmpty();
        String how = "A's thread " + hold.thread().getName() + " was held at " + p.describe() + " processing "
                + named(held) + ", " + (returned ? "while " + named(crossing) + " was delivered to A (its receive "
                + "call returned)" : "and A's receive call for " + named(crossing) + " returned only once that thread "
                + "went on");
        hold.release();
        x.quiesce();
        try {
            judge(x, a, b);
        } catch (InvariantViolation v) {
            x.run().opened(how);
            throw v;
        }
        return returned ? how : "";
    }

    /**
     * A contacts B; B's hello response to A and B's data to A are parked on the fabric: {@code null}, or why the
     * design keeps this order from it (A sends B no hello request, B sends no response, or no data before it).
     */
    private static String bothParked(HsWindow w, Peer a, Peer b) {
        w.parkHelloResponses(b, a);
        w.fabric().park(data(b, a));
        a.send(b, "first from A");
        w.quiesce();
        if (w.fabric().parked().stream().noneMatch(m -> m.message().kind() == WireMessage.Kind.HELLO_RESPONSE)) {
            return "with A (" + a.id() + ") contacting B (" + b.id() + ") first, B sent A no hello response ("
                    + (w.fabric().helloRequests(a.id(), b.id()) == 0 ? "A sent no hello request" : "B's own request "
                    + "won, or B answered only later") + ")";
        }
        b.send(a, REPLY);
        w.quiesce();
        if (w.fabric().parked().stream().noneMatch(m -> m.message().kind() == WireMessage.Kind.DATA)) {
            return "with A (" + a.id() + ") contacting B (" + b.id() + ") first, B sent no data to A while its hello "
                    + "response was held back: B holds its data until its own side of the handshake is done";
        }
        return null;
    }

    private static java.util.function.Predicate<SimulatedFabric.Wire> data(Peer from, Peer to) {
        return message(from, to, WireMessage.Kind.DATA);
    }

    private static java.util.function.Predicate<SimulatedFabric.Wire> message(Peer from, Peer to, WireMessage.Kind kind) {
        return m -> m.from().equals(from.id()) && m.to().equals(to.id()) && m.message().kind() == kind;
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
