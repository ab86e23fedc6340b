package io.github.fabrictck.launcher;

import io.github.fabrictck.engine.FixtureAgent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.TraceEvent;
import io.github.fabrictck.report.WindowResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The launcher with the agent attached to this JVM, on the fixture drivers of the test sources. */
class LauncherEndToEndTest {

    /** What Maven's process would hold: every message the launcher sent, in a record of its own. */
    private final RunRecord record = new RunRecord(null);

    @BeforeAll
    static void attachAgent() {
        FixtureAgent.attach();
    }

    private Result run(String driver, Set<String> windows, List<WindowResult> progress) throws ConfigurationError {
        // The kit's default point timeout (5 s): a shorter one failed the connection-setup cases at load 14 while the
        // agent was still rewriting a class of the server side, a load flake of the test and not of the kit. The kit's
        // default window timeout (60 s) too: fixture-cs-shape-keepalive's CS-1/loopback sweep (202 setups, a keepalive
        // timer each) took 10 s at load 8 and passed 30 s at load 9 beside two builds.
        Result r = Launcher.run(new Launcher.Config(driver, windows, Set.of(), 1, "mvn fabric-tck:run", Duration.ofSeconds(1),
                Duration.ofSeconds(5), Duration.ofSeconds(60)), new Launcher.Listener() {
                    @Override
                    public void header(Result header) {
                        assertNull(record.accept(RunRecord.headerMessage(header)));
                    }

                    @Override
                    public void started(String label, String running) {
                        assertNull(record.accept(RunRecord.startedMessage(label, running)));
                    }

                    @Override
                    public void verdict(WindowResult run) {
                        progress.add(run);
                        record.accept(RunRecord.verdictMessage(run));
                    }
                });
        record.end();
        return r;
    }

    private static Map<String, WindowResult> byLabel(Result r) {
        return r.windows().stream().collect(Collectors.toMap(WindowResult::label, Function.identity()));
    }

    @Test
    void aHandlerThatTakesEveryEventForACompletionFailsTheSpuriousVariant() throws Exception {
        List<WindowResult> progress = new ArrayList<>();
        Result r = run("fixture-event-means-completion", Set.of("CQ-4"), progress);
        WindowResult spurious = byLabel(r).get("CQ-4/spurious");
        assertEquals(Outcome.FAIL, spurious.outcome(), spurious.reason());
        assertTrue(spurious.reason().contains("NullPointerException"), spurious.reason());
        assertTrue(spurious.evidence().windowOpened());
        assertTrue(r.complete());
        assertEquals(3, progress.size(), "one progress line per CQ-4 variant: spurious, taken, teardown");
        Result received = record.snapshot();
        assertTrue(received.complete());
        assertEquals(r.windows().stream().map(w -> w.label() + " " + w.outcome() + " " + w.reason()).toList(),
                received.windows().stream().map(w -> w.label() + " " + w.outcome() + " " + w.reason()).toList());
        assertEquals("mvn fabric-tck:run -Dfabric-tck.driver=fixture-event-means-completion -Dfabric-tck.windows=CQ-4/spurious",
                spurious.reproduce());
    }

    @Test
    void aHandlerThatNeverRearmsLosesTheLastCompletionWithoutTheKitNeedingItsRearm() throws Exception {
        // the window finds its own points: no re-arm to hold, yet the lost completion is forced and judged
        Result r = run("fixture-never-rearms", Set.of("CQ-1"), new ArrayList<>());
        WindowResult a = byLabel(r).get("CQ-1/a");
        assertEquals(Outcome.FAIL, a.outcome(), a.reason());
        assertTrue(a.reason().contains("no event will announce them (the CQ is not armed)"), a.reason());
        assertTrue(a.evidence().instrumentedClasses() > 0);
    }

    @Test
    void aHandlerThatReArmsInsideTheMonitorTheWaiterNeedsPassesTheWaiterVariant() throws Exception {
        // holding the re-arming thread holds the monitor: the waiter never reaches a point of its own, yet the last
        // completion lands unannounced while it waits for that monitor, and is judged (was ERROR: no placement)
        Map<String, WindowResult> all = byLabel(run("fixture-synchronized-handler", Set.of("CQ-1", "CQ-2", "CQ-3", "CQ-4",
                "CQ-5", "CQ-6", "CQ-7", "CQ-8"), new ArrayList<>()));
        WindowResult b = all.get("CQ-1/b");
        assertEquals(Outcome.PASS, b.outcome(), b.reason());
        assertTrue(b.evidence().windowOpened());
        for (WindowResult w : all.values()) {
            assertTrue(w.outcome() == Outcome.PASS || w.outcome() == Outcome.NOT_APPLICABLE, w.label() + " " + w.outcome()
                    + ": " + w.reason());
        }
    }

    @Test
    void theDrainFirstTwinOfAHandlerThatReArmsInsideTheMonitorFailsTheWaiterVariant() throws Exception {
        WindowResult b = byLabel(run("fixture-synchronized-handler-drain-first", Set.of("CQ-1/b"), new ArrayList<>()))
                .get("CQ-1/b");
        assertEquals(Outcome.FAIL, b.outcome(), b.reason());
    }

    @Test
    void aFamilyTheDriverDoesNotImplementIsNotApplicable() throws Exception {
        Result r = run("fixture-no-family", Set.of(), new ArrayList<>());
        assertEquals(Catalog.discover().entries().size(), r.windows().size());
        for (WindowResult w : r.windows()) {
            assertEquals(Outcome.NOT_APPLICABLE, w.outcome());
            assertTrue(w.reason().contains("does not implement the " + w.family() + " family"), w.reason());
        }
        assertEquals(r.windows().size(), record.snapshot().windows().size());
    }

    private WindowResult firstVariantOfCq1(String driver) throws ConfigurationError {
        return byLabel(run(driver, Set.of("CQ-1/a"), new ArrayList<>())).get("CQ-1/a");
    }

    @Test
    void aDriverThatCallsSystemExitIsAnErrorThatSaysWhere() throws Exception {
        WindowResult a = firstVariantOfCq1("fixture-exits");
        assertEquals(Outcome.ERROR, a.outcome());
        assertTrue(a.reason().startsWith("the driver called System.exit(3) at io.github.fabrictck.fixtures."
                + "FixtureDrivers$Exits.onEvent(FixtureDrivers.java:"), a.reason());
        assertTrue(a.reason().contains("on thread device-interrupt"), a.reason());
    }

    @Test
    void aCallIntoTheEnvironmentThatPassedNoPointIsAnErrorThatSaysWhere() throws Exception {
        // reflection stands for every way around the agent: an adapter's environment package, a class from bytes
        for (WindowResult w : run("fixture-arms-reflectively", Set.of("CQ-1"), new ArrayList<>()).windows()) {
            assertEquals(Outcome.ERROR, w.outcome(), w.label() + ": " + w.reason());
            assertTrue(w.reason().startsWith("CompletionQueue.requestNotify was called at io.github.fabrictck.fixtures."
                    + "FixtureDrivers$ArmsReflectively.afterPoll(FixtureDrivers.java:"), w.reason());
            assertTrue(w.reason().contains("without passing a point the agent made"), w.reason());
        }
    }

    @Test
    void aDriverWhoseStaticInitialiserCallsSystemExitIsAnErrorThatSaysWhere() throws Exception {
        WindowResult a = firstVariantOfCq1("fixture-exits-in-static-init");
        assertEquals(Outcome.ERROR, a.outcome());
        assertTrue(a.reason().startsWith("the driver called System.exit(7) at io.github.fabrictck.fixtures."
                + "FixtureDrivers$ExitingOnLoad.<clinit>(FixtureDrivers.java:"), a.reason());
    }

    @Test
    void aDriverThatHaltsThroughAMethodHandleIsAnErrorThatSaysWhere() throws Exception {
        WindowResult a = firstVariantOfCq1("fixture-halts-through-handle");
        assertEquals(Outcome.ERROR, a.outcome());
        assertTrue(a.reason().startsWith("the driver called Runtime.halt(8) at io.github.fabrictck.fixtures."
                + "FixtureDrivers$HaltsThroughMethodHandle.onEvent(FixtureDrivers.java:"), a.reason());
        assertTrue(a.reason().contains("on thread device-interrupt"), a.reason());
    }

    @Test
    void aStackOverflowInADriverThreadIsNamedInTheReasonAndTheNextWindowsStillRun() throws Exception {
        Result r = run("fixture-overflows-stack", Set.of("CQ-1"), new ArrayList<>());
        assertTrue(r.windows().size() > 1);
        for (WindowResult w : r.windows()) {
            assertEquals(Outcome.ERROR, w.outcome(), w.label() + ": " + w.reason());
            assertTrue(w.reason().startsWith("the driver's thread device-interrupt threw java.lang.StackOverflowError at "
                    + "io.github.fabrictck.fixtures.FixtureDrivers$OverflowsStack.depth(FixtureDrivers.java:"), w.reason());
        }
    }

    @Test
    void aDeadlockedDriverIsAnErrorThatNamesTheDeadlock() throws Exception {
        WindowResult a = firstVariantOfCq1("fixture-deadlocks");
        assertEquals(Outcome.ERROR, a.outcome());
        assertTrue(a.reason().contains("deadlock: "), a.reason());
        assertTrue(a.reason().contains("FixtureDrivers$Deadlocks.lockBoth"), a.reason());
    }

    @Test
    void aSpinningDriverIsAnErrorThatSaysWhereItSpins() throws Exception {
        WindowResult a = firstVariantOfCq1("fixture-spins");
        assertEquals(Outcome.ERROR, a.outcome());
        assertTrue(a.reason().contains("the driver's threads did not settle"), a.reason());
        assertTrue(a.reason().contains("device-interrupt RUNNABLE in io.github.fabrictck.fixtures.FixtureDrivers$Spins.onEvent"),
                a.reason());
    }

    @Test
    void aDriverThatLeavesANonDaemonThreadIsAnErrorThatSaysWhereItStartedIt() throws Exception {
        WindowResult a = firstVariantOfCq1("fixture-leaks-thread");
        assertEquals(Outcome.ERROR, a.outcome());
        assertTrue(a.reason().contains("non-daemon thread(s) running"), a.reason());
        assertTrue(a.reason().contains("'leaky-poller' (started at io.github.fabrictck.fixtures.FixtureDrivers$LeaksThread.opened"),
                a.reason());
    }

    @Test
    void aConnectionSetupDriverThatSleepsOnTheWallClockIsErrorWithItsLine() throws Exception {
        Result r = run("fixture-cs-sleeps", Set.of("CS-1"), new ArrayList<>());
        for (WindowResult w : r.windows()) {
            assertEquals(Outcome.ERROR, w.outcome(), w.label() + ": " + w.reason());
            assertTrue(w.reason().contains("waits on the wall clock") && w.reason().contains("FixtureDrivers"), w.reason());
        }
        assertEquals(2, r.windows().size());
        assertTrue(r.windows().get(0).reason().contains("lambda$"), "a call in a lambda body is a point too");
    }

    @Test
    void aConnectionSetupDriverThatStartsItsOwnThreadIsErrorWithItsLine() throws Exception {
        Result r = run("fixture-cs-own-thread", Set.of("CS-3"), new ArrayList<>());
        for (WindowResult w : r.windows()) {
            if (w.label().equals("CS-3/cm")) {
                // SPI 4: a driver with no connection manager's endpoint (the default, null) is not judged there
                assertEquals(Outcome.NOT_APPLICABLE, w.outcome(), w.label() + ": " + w.reason());
                assertTrue(w.reason().contains("Driver.openCmEndpoint returned null"), w.reason());
                continue;
            }
            assertEquals(Outcome.ERROR, w.outcome(), w.label() + ": " + w.reason());
            assertTrue(w.reason().contains("outside DriverContext.threadFactory()") && w.reason().contains("FixtureDrivers"),
                    w.reason());
        }
    }

    @Test
    void aConnectWaitingOnlyForSuccessEventsFailsCs3CmNamingTheErrorAndItsLine() throws Exception {
        Map<String, WindowResult> r = byLabel(run("fixture-cm-success-only", Set.of("CS-3"), new ArrayList<>()));
        WindowResult cm = r.get("CS-3/cm");
        assertEquals(Outcome.FAIL, cm.outcome(), cm.reason());
        assertTrue(cm.reason().contains("rdma_resolve_addr answered with RDMA_CM_EVENT_ADDR_ERROR")
                && cm.reason().contains("which the driver took") && cm.reason().contains("at 10.000 s")
                && cm.reason().contains("FixtureDrivers.java:"), cm.reason());
        for (String smc : List.of("CS-3/memory", "CS-3/loopback")) {
            assertEquals(Outcome.NOT_APPLICABLE, r.get(smc).outcome(), smc + ": " + r.get(smc).reason());
            assertTrue(r.get(smc).reason().contains("Driver.openConnectionSetup returned null"), r.get(smc).reason());
        }
    }

    @Test
    void aConnectThatThrowsOnEveryErrorPassesCs3CmWithTheAnswersAsEvidence() throws Exception {
        WindowResult cm = byLabel(run("fixture-cm-compliant", Set.of("CS-3/cm"), new ArrayList<>())).get("CS-3/cm");
        assertEquals(Outcome.PASS, cm.outcome(), cm.reason());
        assertTrue(cm.evidence().windowOpened());
    }

    @Test
    void aConnectBoundedByItsOwnTimedWaitPassesCs3CmThoughItIgnoresErrorEvents() throws Exception {
        // another correct design: not a shape the window may fail for waiting on the wall clock rather than the CM
        WindowResult cm = byLabel(run("fixture-cm-timed-wait", Set.of("CS-3/cm"), new ArrayList<>())).get("CS-3/cm");
        assertEquals(Outcome.PASS, cm.outcome(), cm.reason());
        assertTrue(cm.evidence().windowOpened());
    }

    @Test
    void theKitClosesATrialsEndpointOnlyOnceTheThreadConnectStartedReachedItsWait() throws Exception {
        // #28: a close() that came before the completion thread's first statement (DiSNI's running = true) hung the
        // kit's own close after the trial; how early the JVM runs a new thread must not decide CS-3/cm's verdict
        WindowResult cm = byLabel(run("fixture-cm-late-worker", Set.of("CS-3/cm"), new ArrayList<>())).get("CS-3/cm");
        assertEquals(Outcome.PASS, cm.outcome(), cm.reason());
        assertTrue(cm.evidence().windowOpened());
    }

    @Test
    void aCs3CmStepTheDriverNeverTakesIsErrorNotPass() throws Exception {
        WindowResult cm = byLabel(run("fixture-cm-skips-route", Set.of("CS-3/cm"), new ArrayList<>())).get("CS-3/cm");
        assertEquals(Outcome.ERROR, cm.outcome(), cm.reason());
        assertTrue(cm.reason().contains("before it called rdma_resolve_route"), cm.reason());
    }

    /**
     * CS-1's stall is anchored on the protocol, not on a side's first timer: a driver that arms a wait
     * timer at connect (Linux's smc_clc_wait_msg) or runs a timer wheel from connect has its server
     * stalled as its ACCEPT reaches the client, so the phase between the two confirm timers is swept and
     * the equal timeouts of CVE-2023-52775 FAIL. Anchored at the first timer arm, the server stalled
     * before it read the proposal, the confirm timers stayed one delay apart and both PASSed.
     */
    @Test
    void crossingDeclinesFailThoughTheClientArmsAWaitTimerAtConnect() throws Exception {
        crossingDeclinesFail("fixture-cs-clc-equal");
    }

    @Test
    void crossingDeclinesFailThoughTimeoutsAreDeadlinesOnATimerWheel() throws Exception {
        crossingDeclinesFail("fixture-cs-wheel-equal");
    }

    private void crossingDeclinesFail(String driver) throws Exception {
        Result r = run(driver, Set.of("CS-1"), new ArrayList<>());
        assertEquals(2, r.windows().size());
        for (WindowResult w : r.windows()) {
            assertEquals(Outcome.FAIL, w.outcome(), driver + " " + w.label() + ": " + w.reason());
            assertTrue(w.reason().contains("the server stalled ") && w.reason().contains(" ms from the moment its 1st "
                    + "control-stream write, which the client's message before its fast-path answer replied to, reached the client"), w.reason());
            assertTrue(w.reason().contains("read e2 d4 c3 04"), w.reason());
        }
    }

    /**
     * A server that starts its confirm wait as it accepts keeps its timeout where it was however late the
     * client's CONFIRM reaches it: the stall anchored on the protocol moves its link confirm but not its
     * timers, so the measured phases would cover the range while its timers never ran behind. ERROR, never PASS.
     */
    @Test
    void aServerWhoseTimeoutTheStallDoesNotMoveIsErrorNotPass() throws Exception {
        Result r = run("fixture-cs-accept-timer", Set.of("CS-1"), new ArrayList<>());
        assertEquals(2, r.windows().size());
        for (WindowResult w : r.windows()) {
            assertEquals(Outcome.ERROR, w.outcome(), w.label() + ": " + w.reason());
            assertTrue(w.reason().startsWith("the sweep did not reach the documented phases"), w.reason());
            assertTrue(w.reason().contains("the stall did not move the timeout the server ended on"), w.reason());
        }
    }

    /**
     * "Arm late, aim early": a server that fixes its confirm deadline as it accepts but arms the timer for
     * it only when CONFIRM arrives, or checks that fixed deadline on a wheel's tick, ends on a timer armed
     * after the stall began, yet its timeout does not move with the stall. Judged by the outcome (how long
     * after its fast-path step the server ended on its timer, trial by trial), not by when a timer was
     * armed: ERROR, never PASS.
     */
    @Test
    void aServerWhoseDeadlineWasFixedBeforeTheStallIsErrorNotPassThoughItsTimerIsArmedAfter() throws Exception {
        unmovedDeadlineIsError("fixture-cs-aim-early");
    }

    @Test
    void aServerCheckingADeadlineFixedBeforeTheStallOnAWheelIsErrorNotPass() throws Exception {
        unmovedDeadlineIsError("fixture-cs-wheel-fixed");
    }

    private void unmovedDeadlineIsError(String driver) throws Exception {
        Result r = run(driver, Set.of("CS-1"), new ArrayList<>());
        assertEquals(2, r.windows().size());
        for (WindowResult w : r.windows()) {
            assertEquals(Outcome.ERROR, w.outcome(), driver + " " + w.label() + ": " + w.reason());
            assertTrue(w.reason().startsWith("the sweep did not reach the documented phases"), w.reason());
            assertTrue(w.reason().contains("its timeout did not move with the stall"), w.reason());
        }
    }

    /**
     * A server that writes on the control stream in the same virtual instant as its first fast-path message,
     * after it, has the stall anchored on its last write before that message (its ACCEPT), in the order it
     * made them; anchored on the later write, every trial measured a phase of minus one delay: a false ERROR.
     */
    @Test
    void aControlWriteInTheSameInstantAfterTheFirstFastPathMessageIsNotTheStallAnchor() throws Exception {
        Result r = run("fixture-cs-note-after-link", Set.of("CS-1"), new ArrayList<>());
        assertEquals(2, r.windows().size());
        for (WindowResult w : r.windows()) {
            assertEquals(Outcome.PASS, w.outcome(), w.label() + ": " + w.reason());
            assertTrue(w.evidence().windowOpened());
        }
    }

    @Test
    void theStallAnchorIsInTheEvidenceOfAPass() throws Exception {
        Result r = run("fixture-cs-clc", Set.of("CS-1"), new ArrayList<>());
        assertEquals(2, r.windows().size());
        for (WindowResult w : r.windows()) {
            assertEquals(Outcome.PASS, w.outcome(), w.label() + ": " + w.reason());
            assertTrue(w.evidence().windowOpened());
            String opened = w.trace().stream().map(TraceEvent::event).filter(e -> e.startsWith("window opened: "))
                    .findFirst().orElse("no 'window opened' event in the trace");
            assertTrue(opened.contains("(from the moment its 1st control-stream write, which the client's message before its "
                    + "fast-path answer replied to, reached the client) and measured the phase from that moment to the server's fast-path answer "
                    + "to the client: the server's fast-path answer to the client and every fast-path message it sends after it "
                    + "until it ends setup lost: measured phases 10 to 2000 ms"), opened);
        }
    }

    /**
     * A server that sends a dummy fast-path message as it accepts, before it writes on the control stream,
     * has its link confirm as its 2nd fast-path message. CS-1 loses the server's fast path from its answer to
     * the client on (the dummy, sent before the client said anything, goes through), and the stall is anchored on the server's fast-path answer to the client (its link
     * confirm, after its ACCEPT), not on its first fast-path message: with the equal confirm timeouts of
     * CVE-2023-52775 it FAILs as fixture-cs-clc-equal does. Before, the kit lost the dummy, stalled the
     * server before it opened (which left its confirm timer one delay behind the client's in every trial)
     * and PASSed.
     */
    @Test
    void crossingDeclinesFailThoughTheServerSendsADummyFastPathMessageAsItAccepts() throws Exception {
        crossingDeclinesFailWithTheLinkConfirmSecond("fixture-cs-dummy-equal");
    }

    /**
     * A dummy sent in answer to the client's PROPOSAL, before the ACCEPT, answers an earlier step than the link
     * confirm: the stall is anchored on the answer to the client's deepest step (CONFIRM, after ACCEPT).
     */
    @Test
    void crossingDeclinesFailThoughTheServerAnswersTheProposalWithADummyFastPathMessage() throws Exception {
        crossingDeclinesFailWithTheLinkConfirmSecond("fixture-cs-dummy-on-proposal-equal");
    }

    private void crossingDeclinesFailWithTheLinkConfirmSecond(String driver) throws Exception {
        Result r = run(driver, Set.of("CS-1"), new ArrayList<>());
        assertEquals(2, r.windows().size());
        for (WindowResult w : r.windows()) {
            assertEquals(Outcome.FAIL, w.outcome(), driver + " " + w.label() + ": " + w.reason());
            assertTrue(w.reason().contains("the server stalled ") && w.reason().contains(" ms from the moment its 1st "
                    + "control-stream write, which the client's message before its fast-path answer replied to, reached the client"),
                    w.reason());
            assertTrue(w.reason().contains("the server's fast-path answer to the client and every fast-path message it "
                    + "sends after it until it ends setup lost"), w.reason());
            assertTrue(w.reason().contains("read e2 d4 c3 04"), w.reason());
        }
    }

    /**
     * CS-1 loses the server's fast path from its answer to the client on, whatever number and order of fast-path
     * messages the server sends ({@code fixtures.CsShapeFixtures}): losing one message by its number let a link
     * confirm that came second only when the server was stalled, or that was sent twice, through, and CS-1 PASSed the
     * pre-fix equal timeouts; it lost a correct server's data sent after it had ended setup, and FAILed it.
     */
    @Test
    void aLinkConfirmThatComesSecondOnlyWhenTheServerWasStalledIsLostAndTheEqualTimeoutsFail() throws Exception {
        cs1("fixture-cs-shape-late-dummy-equal", Outcome.FAIL, "each application reads exactly the bytes");
    }

    @Test
    void aLinkConfirmSentTwiceIsLostBothTimesAndTheEqualTimeoutsFail() throws Exception {
        cs1("fixture-cs-shape-link-twice-equal", Outcome.FAIL, "each application reads exactly the bytes");
    }

    @Test
    void aFastPathKeepaliveCostsACorrectServerNothing() throws Exception {
        cs1("fixture-cs-shape-keepalive", Outcome.PASS, null);
    }

    @Test
    void aFastPathKeepaliveIsLostWithTheLinkConfirmAndTheEqualTimeoutsFail() throws Exception {
        cs1("fixture-cs-shape-keepalive-equal", Outcome.FAIL, "each application reads exactly the bytes");
    }

    /**
     * A server that writes a note on the control stream (an ack) between the client's CONFIRM and its link confirm: the
     * stall begins as the ACCEPT that CONFIRM replied to reaches the client, not as the note does (which came after the
     * server armed its confirm timer: ERROR "the sweep did not reach the documented phases" before).
     */
    @Test
    void aControlNoteJustBeforeTheLinkConfirmCostsACorrectServerNothing() throws Exception {
        cs1("fixture-cs-shape-ack-before-link", Outcome.PASS, null);
    }

    @Test
    void aControlNoteJustBeforeTheLinkConfirmHidesNoCrossingDeclines() throws Exception {
        cs1("fixture-cs-shape-ack-before-link-equal", Outcome.FAIL, "each application reads exactly the bytes");
    }

    /** Both CS-1 variants of {@code driver} end on {@code outcome}, a FAIL's reason starting with {@code reason}. */
    private void cs1(String driver, Outcome outcome, String reason) throws Exception {
        Result r = run(driver, Set.of("CS-1"), new ArrayList<>());
        assertEquals(2, r.windows().size());
        for (WindowResult w : r.windows()) {
            assertEquals(outcome, w.outcome(), driver + " " + w.label() + ": " + w.reason());
            if (reason != null) {
                assertTrue(w.reason().startsWith(reason) && w.reason().contains("the server's fast-path answer to the "
                        + "client and every fast-path message it sends after it until it ends setup lost"), w.reason());
            }
        }
    }

    @Test
    void aCorrectServerThatSendsADummyFastPathMessageAsItAcceptsPassesEveryCsWindow() throws Exception {
        Map<String, WindowResult> r = byLabel(run("fixture-cs-dummy", Set.of("CS-1", "CS-2", "CS-3"), new ArrayList<>()));
        for (String label : List.of("CS-1/memory", "CS-1/loopback", "CS-2/memory", "CS-2/loopback", "CS-3/memory",
                "CS-3/loopback")) {
            WindowResult w = r.get(label);
            assertEquals(Outcome.PASS, w.outcome(), label + ": " + w.reason());
            assertTrue(w.evidence().windowOpened());
            String opened = w.trace().stream().map(TraceEvent::event).filter(e -> e.startsWith("window opened: "))
                    .findFirst().orElse("no 'window opened' event in the trace");
            assertTrue(opened.contains("(from the moment its 1st control-stream write, which the client's message before its "
                    + "fast-path answer replied to, reached the client)"), opened);
            if (label.startsWith("CS-3")) {
                // the same setups as CS-2's sweep on the same control stream in this round: judged once, reported twice
                assertTrue(opened.contains("the trials of CS-2/" + label.substring(5) + "'s sweep in this round"), opened);
            }
            if (label.startsWith("CS-1")) {
                assertTrue(opened.contains("the server's fast-path answer to the client and every fast-path message it sends "
                        + "after it until it ends setup lost: measured phases 10 to 2000 ms"), opened);
                assertTrue(!opened.contains("1st fast-path message lost"), "the dummy at accept is no answer: " + opened);
            }
        }
    }

    /**
     * The dummy message at accept must not switch off the checks that a server's timeout moved with the
     * stall: a server that checks a confirm deadline fixed as it accepts on a wheel's tick is ERROR, as
     * fixture-cs-wheel-fixed is. Before, stalled before it opened, it PASSed on phases its timers never ran at.
     */
    @Test
    void aServerSendingADummyAtAcceptWhoseDeadlineWasFixedBeforeTheStallIsErrorNotPass() throws Exception {
        unmovedDeadlineIsError("fixture-cs-dummy-wheel-fixed");
    }

    /**
     * A server that sends its link confirm together with its ACCEPT answers the client's PROPOSAL, but after a write
     * the client has not answered yet: the stall is anchored on that write, which reaches the client after the link
     * confirm was sent, so every trial measures minus one delay. ERROR, never a PASS on a stall before the server
     * opens, which would move its ACCEPT, and with it the client's confirm timer, as much as its own.
     */
    @Test
    void aServerThatSendsItsLinkConfirmWithItsAcceptIsErrorNotPass() throws Exception {
        Result r = run("fixture-cs-link-with-accept", Set.of("CS-1"), new ArrayList<>());
        assertEquals(2, r.windows().size());
        for (WindowResult w : r.windows()) {
            assertEquals(Outcome.ERROR, w.outcome(), w.label() + ": " + w.reason());
            assertTrue(w.reason().startsWith("the sweep did not reach the documented phases"), w.reason());
            assertTrue(w.reason().contains("measured phases -10 to -10 ms"), w.reason());
        }
    }

    @Test
    void aConnectionSetupSweepWhoseMeasuredPhasesMissTheRangeIsErrorWithThePhasesMeasured() throws Exception {
        Result r = run("fixture-cs-server-leads", Set.of("CS-2"), new ArrayList<>());
        assertEquals(2, r.windows().size());
        for (WindowResult w : r.windows()) {
            assertEquals(Outcome.ERROR, w.outcome(), w.label() + ": " + w.reason());
            assertTrue(w.reason().startsWith("the sweep did not reach the documented phases: the kit stalled the server "
                    + "0–2000 ms of virtual time in steps of 10 ms (before its endpoint opens)"), w.reason());
            assertTrue(w.reason().contains("no message lost: measured phases -10 to -10 ms over 201 trial(s) leave 0–2000 ms "
                    + "of the documented range 0–2000 ms unreached"), w.reason());
        }
    }

    @Test
    void aConnectionSetupDriverWithASideThatArmsNoTimerHasNoPhaseToSweep() throws Exception {
        Result r = run("fixture-cs-untimed-server", Set.of("CS-2"), new ArrayList<>());
        assertEquals(2, r.windows().size());
        for (WindowResult w : r.windows()) {
            assertEquals(Outcome.NOT_APPLICABLE, w.outcome(), w.label() + ": " + w.reason());
            assertEquals("no message lost: the server armed no timer in any of the 201 trials: a side with no timer has "
                    + "no timer phase, so there is no phase between the two sides' timers to sweep", w.reason());
        }
    }
}
