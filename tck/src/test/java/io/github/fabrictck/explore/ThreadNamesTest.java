package io.github.fabrictck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How a schedule names a thread whose name the JDK made up from counters of the whole JVM, without the agent. */
class ThreadNamesTest {

    @Test
    void theJvmsCountersBecomeLettersSoThatAReplayInAnotherJvmNamesTheSameThreads() {
        assertEquals("pool-N-thread-M", Controller.uncounted("pool-3-thread-1"));
        assertEquals("pool-N-thread-M", Controller.uncounted("pool-12-thread-40"));
        assertEquals("ForkJoinPool-N-worker-M", Controller.uncounted("ForkJoinPool-1-worker-2"));
        assertEquals("ForkJoinPool.commonPool-worker-M", Controller.uncounted("ForkJoinPool.commonPool-worker-7"));
        assertEquals("Timer-N", Controller.uncounted("Timer-0"));
        assertEquals("Thread-N", Controller.uncounted("Thread-93"));
    }

    @Test
    void aHoldKnowsAPoolsThreadWithoutTheJvmsCounterAndAScheduleNamesItAsBefore() {
        // a driver that makes a new pool in every trial: the hold recorded on the first trial's worker catches the next's
        for (String[] c : new String[][] {{"pool-12-thread-2", "pool-N-thread-2", "pool-N-thread-M"},
                {"ForkJoinPool-7-worker-1", "ForkJoinPool-N-worker-1", "ForkJoinPool-N-worker-M"},
                {"ForkJoinPool.commonPool-worker-3", "ForkJoinPool.commonPool-worker-M", "ForkJoinPool.commonPool-worker-M"},
                {"Timer-3", "Timer-N", "Timer-N"}, {"Thread-93", "Thread-N", "Thread-N"},
                {"driver-2", "driver-2", "driver-N"}, {"my-pool-3-thread-1", "my-pool-3-thread-1", "my-pool-N-thread-N"}}) {
            String role = io.github.fabrictck.engine.WindowRun.withoutJvmCounters(c[0]);
            assertEquals(c[1], role);
            assertEquals(c[2], Controller.uncounted(role), "a schedule file's name of " + c[0]);
            assertEquals(Controller.uncounted(c[0]), Controller.uncounted(role));
        }
    }

    @Test
    void aLibrarysOrTheDriversOwnCounterBecomesALetterTooAndTheRestOfTheNameIsKept() {
        // Netty's DefaultThreadFactory numbers its pools across the whole JVM: nioEventLoopGroup-37-1 in the 37th
        // schedule of an exploration is nioEventLoopGroup-2-1 in a replay's new JVM
        assertEquals("nioEventLoopGroup-N-N", Controller.uncounted("nioEventLoopGroup-37-1"));
        assertEquals("cq-poller-N", Controller.uncounted("cq-poller-12"));
        assertEquals("my-pool-N-thread-N", Controller.uncounted("my-pool-3-thread-1"));
        assertEquals("client-timer", Controller.uncounted("client-timer"));
        assertEquals("ib0-poller", Controller.uncounted("ib0-poller"));
        assertEquals("the thread started at RdmaCqProcessor.start(RdmaCqProcessor.java:99)",
                Controller.uncounted("the thread started at RdmaCqProcessor.start(RdmaCqProcessor.java:99)"));
    }

    @Test
    void aVeryLongNameIsCutSoThatTheScheduleFileStaysSmall() {
        String name = Controller.uncounted("x".repeat(1_000_000));
        assertEquals(Controller.MAX_NAME + 3, name.length());
        assertEquals("x".repeat(Controller.MAX_NAME) + "...", name);
    }
}
