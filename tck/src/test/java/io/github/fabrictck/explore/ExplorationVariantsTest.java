package io.github.fabrictck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.WindowResult;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * CQ-X's variants end to end with the agent in this JVM, on fixed seeds: {@code callbacks} finds a
 * batch lost when the application's callback throws and {@code shared} an error completion routed
 * to another queue pair's endpoint, each in CQ-5's and CQ-6's words; {@code explore} judges close()
 * by CQ-7's and CQ-8's invariants; the correct twin passes every variant;
 * a driver without a callback or a shared queue is NOT_APPLICABLE with the scripted window's sentence.
 */
class ExplorationVariantsTest {

    @BeforeAll
    static void attachAgent() {
        ExploreRuns.attachAgent();
    }

    @AfterEach
    void clearSettings() {
        ExploreRuns.clearSettings();
    }

    /** Runs one CQ-X variant with pct from seed 0; its verdict. */
    private static WindowResult explore(String driver, String variant, int schedules) throws Exception {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.schedules", String.valueOf(schedules));
        System.setProperty("fabric-tck.seed", "0");
        System.setProperty("fabric-tck.shrinkRuns", "0");
        List<WindowResult> runs = ExploreRuns.explore(driver, "CQ-X/" + variant, 1, Duration.ofSeconds(60)).getKey();
        assertEquals(variant, runs.get(0).variant());
        return runs.get(0);
    }

    @Test
    void anEndpointOfSynchronizedMethodsPassesAndItsDrainFirstTwinFails() throws Exception {
        WindowResult correct = explore("fixture-synchronized-handler", "explore", 300);
        assertEquals(Outcome.PASS, correct.outcome(), correct.reason());
        WindowResult broken = explore("fixture-synchronized-handler-drain-first", "explore", 300);
        assertEquals(Outcome.FAIL, broken.outcome(), broken.reason());
    }

    @Test
    void aThreadStartedMidScheduleStopsBeforeItsFirstStatementSoACloseBeforeItRunsIsFound() throws Exception {
        // DiSNI's close-before-run race: the helper, started with a plain new Thread(runnable).start(), sets its own
        // running flag first; a close() before that leaves it polling for ever and close() in join: a FAIL, not ERROR
        WindowResult broken = explore("fixture-explore-late-helper", "explore", 300);
        assertEquals(Outcome.FAIL, broken.outcome(), broken.reason());
        assertTrue(broken.reason().startsWith("close() returns within a bound"), broken.reason());
        assertTrue(broken.reason().contains("was the only driver thread given a turn"), broken.reason());
        assertTrue(broken.reason().contains("the thread started at io.github.fabrictck.fixtures.ExploreVariants$Helped"
                + ".send("), broken.reason());
        assertTrue(broken.reason().contains("joined by app in Thread.join"), broken.reason());
        WindowResult correct = explore("fixture-explore-late-helper-flag-first", "explore", 300);
        assertEquals(Outcome.PASS, correct.outcome(), correct.reason());
    }

    @Test
    void anEndpointClosedAsItOpensIsExploredSoAHelperStartedAtOpenIsFound() throws Exception {
        // the helper starts inside openCompletionQueue: explore opens the endpoint before its schedules, so it never
        // sees a close before the helper's first statement; open-close opens it under the scheduler and does
        WindowResult missed = explore("fixture-explore-helper-at-open", "explore", 50);
        assertEquals(Outcome.PASS, missed.outcome(), missed.reason());
        WindowResult broken = explore("fixture-explore-helper-at-open", "open-close", 300);
        assertEquals(Outcome.FAIL, broken.outcome(), broken.reason());
        assertTrue(broken.reason().startsWith("close() returns within a bound"), broken.reason());
        assertTrue(broken.reason().contains("the thread started at io.github.fabrictck.fixtures.ExploreVariants$Helped"
                + ".startHelper("), broken.reason());
        assertTrue(broken.reason().contains("joined by app in Thread.join"), broken.reason());
        WindowResult correct = explore("fixture-explore-helper-at-open-flag-first", "open-close", 300);
        assertEquals(Outcome.PASS, correct.outcome(), correct.reason());
        WindowResult sample = explore("fixture-synchronized-handler", "open-close", 300);
        assertEquals(Outcome.PASS, sample.outcome(), sample.reason());
    }

    @Test
    void aScriptedWindowsFirstStepWaitsForTheThreadsTheEndpointStartedSoTheJvmsTimingDecidesNoVerdict() throws Exception {
        // DiSNI's CQ-4/taken FAIL once in a full build: close() overtook its CQ thread, which the loaded JVM had not run
        // yet (running = true its first statement). Here the helper's first 300 ms are its own statements, no point
        List<WindowResult> runs = ExploreRuns.run("fixture-cq-helper-starts-late", java.util.Set.of("CQ-4"), 1,
                Duration.ofSeconds(60)).getKey();
        assertEquals(3, runs.size(), runs.toString());
        for (WindowResult w : runs) {
            assertEquals(Outcome.PASS, w.outcome(), w.variant() + ": " + w.reason());
        }
    }

    @Test
    void aJoinedThreadTheJvmSaysTerminatedHasEndedSoItsJoinerIsNotIdle() throws Exception {
        // the JVM says TERMINATED a moment before isAlive() turns false and the joiners wake; a close() in join() then read
        // as idle beside an ended helper: "close() cannot return" (sample's EL-3/second-wakeup, once in 187 at load 4).
        // Here the moment lasts 300 ms: every window that closes the endpoint must wait the join out
        List<WindowResult> runs = ExploreRuns.run("fixture-cq-helper-ends-slowly", java.util.Set.of("CQ-4", "CQ-7"), 1,
                Duration.ofSeconds(60)).getKey();
        assertEquals(4, runs.size(), runs.toString());
        for (WindowResult w : runs) {
            assertEquals(Outcome.PASS, w.outcome(), w.id() + "/" + w.variant() + ": " + w.reason());
        }
    }

    @Test
    void aCorrectDriverThatStopsItsHelperWithAnExecutorsShutdownAndAwaitTerminationPasses() throws Exception {
        // the executor starts its worker inside the JDK, and close() waits in awaitTermination, a timed wait inside the
        // JDK too: neither may make the driver look unsettled (ERROR) or its close() hung (FAIL)
        for (String driver : List.of("fixture-explore-helper-on-executor", "fixture-explore-helper-on-fork-join-pool")) {
            for (String variant : List.of("explore", "open-close")) {
                WindowResult w = explore(driver, variant, 200);
                assertEquals(Outcome.PASS, w.outcome(), driver + ", " + variant + ": " + w.reason());
            }
        }
    }

    @Test
    void aCallbackThatThrowsCostsTheBrokenDriverTheRestOfItsBatch() throws Exception {
        WindowResult w = explore("fixture-explore-loses-batch", "callbacks", 300);
        assertEquals(Outcome.FAIL, w.outcome(), w.reason());
        assertTrue(w.reason().startsWith("every completion taken from a CQ is handed to the application"), w.reason());
    }

    @Test
    void anErrorCompletionOnTheSharedQueueReachesTheWrongEndpointOfTheBrokenDriver() throws Exception {
        WindowResult w = explore("fixture-explore-stale-qp", "shared", 300);
        assertEquals(Outcome.FAIL, w.outcome(), w.reason());
        assertTrue(w.reason().startsWith("each completion, successful or not, is handed to the endpoint of the queue "
                + "pair it belongs to"), w.reason());
    }

    @Test
    void aCorrectDriverWhoseWorkWaitsForATimerOfTheContextsSchedulerPasses() throws Exception {
        // with nothing to choose, its thread still wakes by itself: the end is not judged before its timer fires
        WindowResult w = explore("fixture-explore-timer-drained", "explore", 150);
        assertEquals(Outcome.PASS, w.outcome(), w.reason());
    }

    @Test
    void aCorrectDriverThatDrainsOnAPeriodicTimerOfTheContextsSchedulerPasses() throws Exception {
        // its waiters wait for as many of its timers as it takes: time runs on whenever nothing else can run
        WindowResult w = explore("fixture-explore-periodic-drained", "explore", 60);
        assertEquals(Outcome.PASS, w.outcome(), w.reason());
    }

    @Test
    void aWaitersTimeoutArmedAsATimerOfTheContextsSchedulerNeverFiresWithinASchedule() throws Exception {
        // five minutes of the application's timeout are far beyond the bound: the wall clock never reached them either
        WindowResult w = explore("fixture-explore-timeout-timer", "explore", 60);
        assertEquals(Outcome.PASS, w.outcome(), w.reason());
    }

    @Test
    void theBrokenTwinOfTheTimerDriverFails() throws Exception {
        WindowResult w = explore("fixture-explore-timer-drained-broken", "explore", 150);
        assertEquals(Outcome.FAIL, w.outcome(), w.reason());
        assertTrue(w.reason().startsWith("no driver thread is idle while a completion queue holds a completion"),
                w.reason());
    }

    @Test
    void aCloseThatCannotReturnBreaksCq7sInvariantAtTheFirstSchedule() throws Exception {
        WindowResult w = explore("fixture-explore-close-hangs", "explore", 50);
        assertEquals(Outcome.FAIL, w.outcome(), w.reason());
        assertTrue(w.reason().startsWith("close() returns within a bound while a driver thread waits for an event that "
                + "never comes"), w.reason());
        assertTrue(w.reason().contains("[schedule 1 of pct"), w.reason());
    }

    @Test
    void aCloseThatLeavesTheQueuePairBreaksCq8sInvariant() throws Exception {
        WindowResult w = explore("fixture-explore-close-leaks", "explore", 50);
        assertEquals(Outcome.FAIL, w.outcome(), w.reason());
        assertTrue(w.reason().startsWith("after close() returns, every queue pair, CQ and completion channel"),
                w.reason());
    }

    @Test
    void theCorrectDriverPassesEveryVariant() throws Exception {
        for (String variant : List.of("explore", "callbacks", "shared")) {
            WindowResult w = explore("fixture-explore-compliant", variant, 200);
            assertEquals(Outcome.PASS, w.outcome(), variant + ": " + w.reason());
            assertTrue(w.evidence().windowOpened(), variant);
        }
    }

    @Test
    void aDriverWithoutCallbackOrSharedQueueIsNotApplicable() throws Exception {
        WindowResult callbacks = explore("fixture-never-rearms", "callbacks", 10);
        assertEquals(Outcome.NOT_APPLICABLE, callbacks.outcome(), callbacks.reason());
        assertTrue(callbacks.reason().contains("consumeWith returned false"), callbacks.reason());
        WindowResult shared = explore("fixture-never-rearms", "shared", 10);
        assertEquals(Outcome.NOT_APPLICABLE, shared.outcome(), shared.reason());
        assertTrue(shared.reason().contains("openSharedCompletionQueue returned null"), shared.reason());
    }
}
