package io.github.fabrictck.windows;

import io.github.fabrictck.sim.SimulatedSetup.Form;
import io.github.fabrictck.spi.Family;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CS-3 bounded setup.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below: the catalog page and the reports are generated from it. This comment says how the
 * window is forced.
 *
 * <p>Forced: every fast-path setup message lost in turn (and none) at every phase of the CS-1
 * sweep, on virtual time; a side left waiting with no timer armed, nothing in flight and every
 * driver thread idle is reported at once, not after a timeout.
 *
 * <p>Variant {@code cm}, source: DiSNI 2.1 {@code RdmaEndpoint.connect(dst, timeout)} (zrlio/disni,
 * unchanged on master; known upstream): it calls {@code rdma_resolve_addr}, {@code rdma_resolve_route}
 * and {@code rdma_connect} and after each waits with a bare {@code wait()} until
 * {@code dispatchCmEvent}, on the CM thread, moves its state forward; only the success events move
 * it, so an {@code ADDR_ERROR}, {@code ROUTE_ERROR}, {@code REJECTED}, {@code UNREACHABLE} or
 * {@code CONNECT_ERROR} is logged as "UNKNOWN" and {@code connect()} hangs forever. Forced: the
 * simulated rdma_cm answers every step with success, then each step with each of its errors, one
 * trial each ({@link CmWindow}); {@code connect()} must return on success and return or throw on an
 * error, within the bound of the connection manager's time; one still blocked while every driver
 * thread is idle and nothing is left to happen in the connection manager is hung at once: the kit
 * notes where the application's thread waits, interrupts it and runs the remaining trials, so the
 * failure names every answer that hangs and its line. A driver without {@link
 * io.github.fabrictck.spi.Driver#openCmEndpoint} (null) is not applicable to this variant; one
 * without an SMC-R-style setup ({@code openConnectionSetup} null) is not applicable to the others.
 */
@Tag("CS-3")
@RaceWindow(id = "CS-3", title = "bounded setup", family = Family.CONNECTION_SETUP,
        source = "https://nvd.nist.gov/vuln/detail/CVE-2023-52775",
        bug = "Connection setup over a lossy fast path: a side that waits for a fast-path message without a timer "
                + "hangs forever when that message is lost.",
        interleaving = {
            "a loss-free setup: the kit records the fast-path messages sent before both sides end",
            "for no loss and for each of those messages lost, at every phase of the sweep: set up from scratch",
            "both sides must end within the bound (fabric-tck.setupBound, default 10 s of virtual time)",
            "cm: connect() through a connection manager that answers each step (resolve address, resolve route, "
                    + "connect) with each of its errors in turn, and all with success: connect() must end within the bound"},
        invariants = {CsWindow.BOUNDED, CsWindow.RULES, CmWindow.ENDS},
        onFailure = "Check that every state of the setup that waits for the peer arms a timer that ends the setup "
                + "with a decline and a fallback; for cm, that every error event of the connection manager "
                + "(ADDR_ERROR, ROUTE_ERROR, REJECTED, UNREACHABLE, CONNECT_ERROR) wakes the waiting connect() and "
                + "makes it throw.")
class CS3BoundedSetup {

    @Test
    @Variant(id = "memory", title = "every lost setup message × every phase, control stream in memory")
    void inMemory(CsWindow w) {
        w.sweepLosses(Form.MEMORY, CsWindow.LossJudge.BOUNDED_SETUP);
    }

    @Test
    @Variant(id = "loopback", title = "every lost setup message × every phase, control stream on loopback TCP")
    void onLoopback(CsWindow w) {
        w.sweepLosses(Form.LOOPBACK, CsWindow.LossJudge.BOUNDED_SETUP);
    }

    @Test
    @Variant(id = "cm", title = "connect() through an rdma_cm-style connection manager, each step answered with each "
            + "error (and all success)")
    void throughConnectionManager(CmWindow w) {
        w.sweepAnswers();
    }
}
