package io.github.fabrictck.windows;

import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.sim.SimulatedFabric.Peer;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * HS-2 data overtakes the hello response.
 *
 * <p>Source: LU-17839 "issue 2", closed by LU-19474: once only a hello response makes a peer up
 * to date, data can still overtake that response on the wire; the fix defers early receives and
 * replays them until a deadline.
 *
 * <p>Forced: A contacts B; B's hello response to A is parked on the fabric until B's data has
 * reached A and A's receive call returned; then the response is delivered.
 *
 * <p>If this window fails, check that data from a peer whose hello is in flight is kept and replayed
 * once the peer is up to date, not dropped.
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
            "A, not yet up to date with B, must keep the data and deliver it once the response arrives"},
        invariants = {HsWindow.DELIVERED, HsWindow.SAME_VERSION, HsWindow.RULES},
        onFailure = "Check that data from a peer whose hello is in flight is deferred and replayed once the peer is up "
                + "to date (until a deadline), never dropped.")
class HS2DataOvertakesResponse {

    @Test
    void responseParkedUntilDataArrived(HsWindow w) {
        Peer[] ab = w.pair();
        Peer a = ab[0];
        Peer b = ab[1];
        PeerId bId = b.id();
        w.parkHelloResponses(b, a);
        a.send(b, "first from A");
        w.quiesce();
        if (w.fabric().wires(x -> x.to().equals(bId) && x.handled()
                && x.message().kind() == WireMessage.Kind.HELLO_REQUEST).isEmpty()) {
            throw new WindowNotOpened("B never processed A's hello request");
        }
        b.send(a, "reply from B");
        w.quiesce();
        if (w.fabric().parkedCount() == 0 || w.fabric().wires(x -> x.from().equals(bId) && x.handled()
                && x.message().kind() == WireMessage.Kind.DATA).isEmpty()) {
            throw new WindowNotOpened("B's data did not reach A while B's hello response to A was parked");
        }
        w.run().opened("B's data reached A while B's hello response to A was parked on the fabric");
        w.fabric().releaseParked();
        w.judgeEveryMessageDelivered();
        w.judgeVersions(a, b, 2);
        w.judgeRules();
    }
}
