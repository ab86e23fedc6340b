package io.github.fabrictck.windows;

import io.github.fabrictck.engine.VirtualTime;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.sim.SimulatedFabric.Peer;
import io.github.fabrictck.spi.Family;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * HS-3 duplicate hellos from concurrent timeouts.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>Forced: A's application sends two messages to a new peer B in the same virtual instant; B's
 * hello responses to A are held back on the fabric until A's timers have fired; then they are
 * released. On virtual time, timers armed in the same instant with the same timeout fire in the
 * same instant, every run.
 *
 * <p>A timer of A's counts as its hello timeout at the instant it brings a hello request after the
 * first: a periodic tick that finds nothing due yet is not the timeout, and time runs on past it.
 *
 * <p>A is the higher id ({@code 17@kfi}). A design whose tie-break lets the lower id's request win
 * (B leaves A's request unanswered and sends its own, which A answers) gives A no response to wait
 * for in that order: the window judges what happened, then runs again with two new peers, A the lower
 * id ({@value #OTHER_A}, B {@value #OTHER_B}); it is NOT_APPLICABLE only when both orders are excluded.
 *
 * <p>A driver that arms no timer on its context's scheduler while its hello is unanswered (it
 * checks the hello timeout lazily, on its next send or receive) has no timeout that can fire here:
 * the window judges what happened and is NOT_APPLICABLE, with that reason.
 */
@Tag("HS-3")
@RaceWindow(id = "HS-3", title = "duplicate hellos from concurrent timeouts", family = Family.PEER_HANDSHAKE,
        source = "https://jira.whamcloud.com/browse/LU-17838",
        bug = "Lustre kfilnd (LU-17838): two sends to a new peer waiting for the same hello timed out together and "
                + "each sent a hello request of its own, so two hellos to one peer were in flight at once.",
        interleaving = {
            "A's application sends two messages to B, a peer A has not talked to, in the same instant: A sends a hello "
                    + "request and queues both",
            "B's hello responses to A are held back on the fabric",
            "A's hello timeout(s) fire: in the same instant when the driver armed one per message",
            "A may retry its hello once per timeout instant, not once per waiting message",
            "B's responses are released: the handshake must complete and both messages arrive once"},
        invariants = {HsWindow.ONE_HELLO, HsWindow.DELIVERED, HsWindow.SAME_VERSION, HsWindow.RULES},
        onFailure = "Check that the hello timeout belongs to the peer (one timer per peer, not per queued message) and "
                + "that a retry first checks whether a hello to that peer is in flight.")
class HS3DuplicateHellos {

    /** A and B of the second order, when the tie-break excluded the first: A the lower id. */
    static final String OTHER_A = "1@kfi";
    static final String OTHER_B = "2@kfi";

    @Test
    void sendsTimeOutTogether(HsWindow w) {
        Peer[] ab = w.pair();
        String excluded = timeoutsTogether(w, ab[0], ab[1]);
        if (excluded == null) {
            return;
        }
        // the tie-break excluded this order: two new peers meet in the other one, A the lower id
        w.run().trace().add("kit", w.time().stamp() + " " + excluded + "; the window runs again with A the lower id",
                null);
        String again = timeoutsTogether(w, w.peer(OTHER_A, 1, 2), w.peer(OTHER_B, 2, 3));
        if (again != null) {
            throw w.notApplicable(excluded + "; and with A the lower id: " + again);
        }
    }

    /**
     * The script for one pair; judges and returns normally when the window opened, returns the property that
     * excludes the interleaving in this order of ids (the tie-break lets the other id's request win), or throws.
     */
    private static String timeoutsTogether(HsWindow w, Peer a, Peer b) {
        w.parkHelloResponses(b, a);
        int armedBefore = a.timersArmed();
        a.send(b, "first from A");
        a.send(b, "second from A");
        // a timer of A's that fires without a hello retry (a housekeeping tick, a keep-alive) is not its hello
        // timeout: time runs on until a timer's instant brings a second hello request, or the horizon
        w.runUntil(() -> a.timersFired() > 0 && w.fabric().helloRequests(a.id(), b.id()) > 1);
        if (a.timersFired() == 0) {
            if (a.timersArmed() == armedBefore) {
                // The driver's own behaviour says it: no timer while its hello was unanswered. Its
                // retries come on its next call, which the one-hello rule (timeouts fired) cannot see.
                int requests = w.fabric().helloRequests(a.id(), b.id());
                w.fabric().releaseParked();
                w.judgeEveryMessageDelivered();
                w.judgeVersions(a, b, 2);
                w.judgeRules();
                throw w.notApplicable("A armed no timer on DriverContext.scheduler() while its hello request to B "
                        + "was unanswered (" + requests + " request(s) sent, B's responses held back for "
                        + HsWindow.HORIZON_S + " s of virtual time): its hello timeout, if it has one, is lazy and is "
                        + "judged where it fires, on the next send or receive, so no timeouts can fire together here");
            }
            if (w.fabric().parkedCount() == 0 && w.tieBreakWonBy(b, a)) {
                judge(w, a, b);
                return "B (" + b.id() + ") left A (" + a.id() + ")'s hello request unanswered and sent one of its own, "
                        + "which A answered: " + HsWindow.tieBreak(b, a) + ", so A's handshake completed without a "
                        + "response of B to hold back and no hello timeout of A's fired";
            }
            throw new WindowNotOpened("A never timed out while B's hello responses were held back for " + HsWindow.HORIZON_S
                    + " s of virtual time, though it armed " + (a.timersArmed() - armedBefore) + " timer(s) of "
                    + "DriverContext.scheduler() after its sends: HS-3 needs a hello timeout that fires within "
                    + HsWindow.HORIZON_S + " s");
        }
        long instant = a.lastTimerFiredAt();
        // Everything else due in that instant (a second timeout armed with the first) happens too.
        w.time().runUntil(instant, () -> false);
        w.quiesce();
        if (w.fabric().parkedCount() == 0) {
            throw new WindowNotOpened("B sent no hello response to hold back");
        }
        w.run().opened("B (" + b.id() + ")'s hello responses were held back while A (" + a.id() + ")'s hello timeout fired "
                + "at " + VirtualTime.seconds(instant) + " (" + a.timersFired() + " timer(s) of A fired); A sent "
                + w.fabric().helloRequests(a.id(), b.id()) + " hello request(s) to B");
        w.fabric().releaseParked();
        judge(w, a, b);
        return null;
    }

    private static void judge(HsWindow w, Peer a, Peer b) {
        w.judgeEveryMessageDelivered();
        w.judgeOneHelloInFlight();
        w.judgeVersions(a, b, 2);
        w.judgeRules();
    }
}
