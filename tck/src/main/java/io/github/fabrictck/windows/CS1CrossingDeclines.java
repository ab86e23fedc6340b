package io.github.fabrictck.windows;

import io.github.fabrictck.sim.SimulatedSetup.Form;
import io.github.fabrictck.spi.Family;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CS-1 crossing declines.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>Forced: the server's link confirm is lost. A loss-free setup first shows the server's fast-path
 * answer to the client (its link confirm); in every trial the server's fast path is down from that
 * answer on until it ends setup, so the link confirm is lost whatever its place, number or copies (a
 * dummy as it accepts, sent before the client said anything, goes through). Each side waits for
 * the confirm exchange (2 s), the client then waits for a decline (1 s), and each sends its own
 * decline and falls back to TCP. The kit sweeps the <em>phase</em> — how far the server's timers
 * run behind the client's — by stalling the whole server side (deliveries, timers, application),
 * anchored on the protocol, on the server's fast-path answer to the client (its link confirm, the
 * answer to CONFIRM; {@link io.github.fabrictck.sim.SimulatedSetup.StallStart}): from the moment the
 * server's last control-stream write before its link confirm (its ACCEPT) reaches the client,
 * from 0 to 2 s in steps of the one-way delay, on virtual time; the client's CONFIRM then reaches a
 * server that runs that far behind. The phase is measured from that moment to the server's link
 * confirm, so it does not matter which timer a side arms first (a wait timer at connect, as Linux's
 * {@code smc_clc_wait_msg}), whether it arms one per wait or runs a timer wheel, nor what the server
 * sent on the fast path before the client said anything: the sweep of every loss case passes only if
 * its measured phases cover 0–2 s. With equal confirm timeouts the declines cross
 * when the phase is within one one-way delay of 1 s (the client's decline wait): each side has
 * fallen back when the other's decline arrives, and reads it as application data. With the
 * upstream fix (the client waits twice the server's confirm time) they could only cross near a
 * phase of 3 s, a server later than its own timeout: the sweep's range, 0–2 s, covers every phase
 * where the original bug lives and none where the fix could fail.
 *
 * <p>A server that sends nothing on the fast path during setup (it decides on the client's fast-path
 * message and signals the mode in band, a flag on the control stream) has no link confirm to lose:
 * the fast path is down for its whole setup instead, so the client's messages are lost and the setup
 * falls back; the phase is then measured between the two sides' first timer arms. No loss takes the
 * application's bytes sent after both sides ended setup.
 *
 * <p>Variants: the control stream in memory, and on a real loopback TCP socket pair; both must
 * judge the same.
 */
@Tag("CS-1")
@RaceWindow(id = "CS-1", title = "crossing declines", family = Family.CONNECTION_SETUP,
        source = "https://nvd.nist.gov/vuln/detail/CVE-2023-52775",
        bug = "Linux SMC-R (CVE-2023-52775): when the server's link confirm was lost, client and server timed out "
                + "about a second apart, both sent a DECLINE and fell back to TCP; the declines crossed and each side "
                + "read the other's decline as application data (Redis: \"Protocol error, got \\xe2 as reply type byte\").",
        interleaving = {
            "client proposal, server accept, client confirm on the control stream",
            "the server's fast path is down from its answer to the client (its link confirm) until it ends setup; the "
                    + "whole server side is stalled for the phase from the moment its accept (its last control-stream write "
                    + "before its link confirm, the fast-path message that answers the client's confirm) reaches the client, so "
                    + "the client's confirm reaches it that late and its timers run that far behind the client's (measured from that "
                    + "moment to the server's link confirm); a server that sends nothing on the fast path before it ends "
                    + "setup (it signals its decision in band) has the fast path down for the whole setup instead, so the "
                    + "setup falls back",
            "the client's confirm timer fires, then it waits for a decline; the server's confirm timer fires",
            "each sends a DECLINE and falls back to the control stream as the application's byte stream",
            "when the declines cross, each arrives after its receiver fell back: it must not reach the application"},
        invariants = {CsWindow.APP_BYTES, CsWindow.RULES},
        onFailure = "Check that the client waits twice the server's confirm time before declining (the upstream fix), or "
                + "that a side that fell back drains a decline that crossed its own before handing bytes to the application.")
class CS1CrossingDeclines {

    @Test
    @Variant(id = "memory", title = "phase sweep with the control stream in memory")
    void inMemory(CsWindow w) {
        sweep(w, Form.MEMORY);
    }

    @Test
    @Variant(id = "loopback", title = "phase sweep with the control stream on a loopback TCP socket pair")
    void onLoopback(CsWindow w) {
        sweep(w, Form.LOOPBACK);
    }

    private static void sweep(CsWindow w, Form form) {
        w.sweepServerLosses(form, w::judgeApplicationBytes);
    }
}
