package io.github.fabrictck.windows;

import io.github.fabrictck.sim.SimulatedSetup.Form;
import io.github.fabrictck.spi.Family;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CS-3 bounded setup.
 *
 * <p>Source: the same SMC-R setup as CS-1 (Linux net/smc): every wait of the setup is bounded by a
 * timer, so a lost fast-path message ends in a fallback, never in a connection that hangs.
 *
 * <p>Forced: every fast-path setup message lost in turn (and none) at every phase of the CS-1
 * sweep, on virtual time; a side left waiting with no timer armed, nothing in flight and every
 * driver thread idle is reported at once, not after a timeout.
 *
 * <p>If this window fails, check that every state of the setup that waits for the peer has a
 * timer that ends it (a decline and a fallback).
 */
@Tag("CS-3")
@RaceWindow(id = "CS-3", title = "bounded setup", family = Family.CONNECTION_SETUP,
        source = "https://nvd.nist.gov/vuln/detail/CVE-2023-52775",
        bug = "Connection setup over a lossy fast path: a side that waits for a fast-path message without a timer "
                + "hangs forever when that message is lost.",
        interleaving = {
            "a loss-free setup: the kit records the fast-path messages sent before both sides end",
            "for no loss and for each of those messages lost, at every phase of the sweep: set up from scratch",
            "both sides must end within the bound (fabric-tck.setupBound, default 10 s of virtual time)"},
        invariants = {CsWindow.BOUNDED, CsWindow.RULES},
        onFailure = "Check that every state of the setup that waits for the peer arms a timer that ends the setup "
                + "with a decline and a fallback.")
class CS3BoundedSetup {

    @Test
    @Variant(id = "memory", title = "every lost setup message × every phase, control stream in memory")
    void inMemory(CsWindow w) {
        w.sweepLosses(Form.MEMORY, w::judgeBounded);
    }

    @Test
    @Variant(id = "loopback", title = "every lost setup message × every phase, control stream on loopback TCP")
    void onLoopback(CsWindow w) {
        w.sweepLosses(Form.LOOPBACK, w::judgeBounded);
    }
}
