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
