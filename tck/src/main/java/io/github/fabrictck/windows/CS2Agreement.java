package io.github.fabrictck.windows;

import io.github.fabrictck.sim.SimulatedSetup.Form;
import io.github.fabrictck.spi.Family;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CS-2 agreement.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>Forced: a loss-free setup first shows which fast-path messages the setup sends; then every
 * one of them is lost in turn (and none), each at every phase of the CS-1 sweep, on virtual time.
 */
@Tag("CS-2")
@RaceWindow(id = "CS-2", title = "agreement", family = Family.CONNECTION_SETUP,
        source = "https://nvd.nist.gov/vuln/detail/CVE-2023-52775",
        bug = "Connection setup over a fast path with a TCP fallback: when a setup message is lost, a side that "
                + "decides the mode alone ends on the fast path while the other falls back.",
        interleaving = {
            "a loss-free setup: the kit records the fast-path messages sent before both sides end",
            "for no loss and for each of those messages lost, at every phase of the sweep: set up from scratch",
            "both sides must end, on the same mode"},
        invariants = {CsWindow.AGREE, CsWindow.RULES},
        onFailure = "Check that a side ends on the fast path only once the peer confirmed it on the control stream, and "
                + "that a side that falls back on a timeout tells the peer (a decline).")
class CS2Agreement {

    @Test
    @Variant(id = "memory", title = "every lost setup message × every phase, control stream in memory")
    void inMemory(CsWindow w) {
        w.sweepLosses(Form.MEMORY, CsWindow.LossJudge.AGREEMENT);
    }

    @Test
    @Variant(id = "loopback", title = "every lost setup message × every phase, control stream on loopback TCP")
    void onLoopback(CsWindow w) {
        w.sweepLosses(Form.LOOPBACK, CsWindow.LossJudge.AGREEMENT);
    }
}
