package io.github.fabrictck.windows;

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
 * HS-4 connection race liveness.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>Forced: both peers send their first message in the same virtual instant, so their hello
 * requests cross; on virtual time, equal timers make both sides retry in lock-step, every round,
 * every run. The pair must converge within a bounded number of rounds
 * ({@code fabric-tck.helloRounds}, default 25 hello requests each way, so a driver with the
 * LU-7646 escape after 20 races passes).
 *
 * <p>A design in which only one of two peers that contact each other at once sends a hello (a
 * tie-break by address that never lets one side initiate towards the other) has no race here:
 * the window judges what happened and is NOT_APPLICABLE with that reason.
 */
@Tag("HS-4")
@RaceWindow(id = "HS-4", title = "connection race liveness", family = Family.PEER_HANDSHAKE,
        source = "https://jira.whamcloud.com/browse/LU-7646",
        bug = "Lustre ko2iblnd (LU-7646): in a connection race the higher NID wins; when its connection kept failing "
                + "the lower NID was rejected forever, until an escape let the lower win after 20 rejected races.",
        interleaving = {
            "A and B send their first message to each other in the same instant: the hello requests cross",
            "each side resolves the race: answers the other's request, or rejects it",
            "whoever retries does it on its hello timer: with equal timers both retry in the same instant, round after "
                    + "round",
            "within the bound the pair must be up to date on both sides and every message delivered once"},
        invariants = {HsWindow.CONVERGES, HsWindow.DELIVERED, HsWindow.SAME_VERSION, HsWindow.RULES},
        onFailure = "Check that crossing hellos are resolved the same way on both sides (the higher address wins, with "
                + "an escape after a bounded number of races, or every request is answered), never by both rejecting.")
class HS4ConnectionRace {

    @Test
    void bothRetryInLockStep(HsWindow w) {
        Peer[] ab = w.pair();
        Peer a = ab[0];
        Peer b = ab[1];
        PeerId aId = a.id();
        PeerId bId = b.id();
        w.sendAtTheSameInstant(a, "first from A", b, "first from B");
        w.runUntil(() -> w.fabric().everyMessageDeliveredOnce() || rounds(w, aId, bId) > HsWindow.ROUNDS);
        List<SimulatedFabric.Wire> first = w.fabric().wires(x -> x.message().kind() == WireMessage.Kind.HELLO_REQUEST
                && x.sentAt() == 0);
        if (first.size() == 1) {
            // Only one side sends a hello when both contact each other: there is no race to resolve.
            PeerId sender = first.get(0).from();
            PeerId silent = sender.equals(aId) ? bId : aId;
            w.judgeEveryMessageDelivered();
            w.judgeVersions(a, b, 2);
            w.judgeRules();
            throw w.notApplicable(silent + " sent no hello request to " + sender + " (a " + (silent.compareTo(sender) > 0
                    ? "higher" : "lower") + " id) though both applications sent in the same instant: only " + sender
                    + "'s hello went out, so no connection race can happen");
        }
        if (first.size() < 2) {
            throw new WindowNotOpened("the two first hello requests did not cross: only " + first.size()
                    + " was sent in the instant both applications sent");
        }
        w.run().opened("A's and B's first hello requests crossed on the wire (both sent at t=0.000 s); "
                + rounds(w, aId, bId) + " round(s) of hello requests each way, retries in lock-step on virtual time");
        // crossing in lock-step until the bound, if the pair never converges
        w.judgeConverges(a, b);
        w.judgeEveryMessageDelivered();
        w.judgeVersions(a, b, 2);
        w.judgeRules();
    }

    private static int rounds(HsWindow w, PeerId a, PeerId b) {
        return w.rounds(a, b);
    }
}
